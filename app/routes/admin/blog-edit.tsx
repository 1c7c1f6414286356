import { type FormEvent, Suspense, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AdminApiError, adminGet, adminSend, uploadWithProgress } from "../../components/admin/api";
import { NeedsArabicBadge } from "../../components/admin/arabic";
import { AdminLoading } from "../../components/admin/loading";
import type { AdminBlogPost } from "../../components/admin/types";
import {
  buttonClass,
  Card,
  Field,
  inputClass,
  Notice,
  PageHeader,
  StatusBadge,
} from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import { lazy } from "../../lib/lazy";
import type { Route } from "./+types/blog-edit";

// The editor (Tiptap and ProseMirror) loads only when a post is opened for editing.
const RichTextEditor = lazy(() => import("../../components/admin/rich-text-editor"));

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.post?.title ?? "New post"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!params.id) return { post: null };
  return adminGet(`/api/admin/blog/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function CoverUpload({ post }: { post: AdminBlogPost }) {
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {post.image ? (
        <img
          src={post.image}
          alt="The post's cover"
          className="aspect-[16/9] w-full max-w-md rounded object-cover"
          width={480}
          height={270}
        />
      ) : (
        <p className="text-sm text-neutral-700">No cover image yet.</p>
      )}
      <Field id="cover-file" label="Upload a cover image">
        <input
          id="cover-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="text-sm"
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (!file) return;
            const form = new FormData();
            form.append("image", file);
            setResult(null);
            try {
              await uploadWithProgress(`/api/admin/blog/${post.id}/cover`, form, setProgress);
              setResult({ ok: true, message: "Cover image saved." });
            } catch (error) {
              setResult({
                ok: false,
                message: error instanceof AdminApiError ? error.message : "The upload failed.",
              });
            }
            setProgress(null);
            revalidator.revalidate();
          }}
        />
      </Field>
      {progress !== null ? (
        <progress
          max={1}
          value={progress}
          aria-label="Uploading the cover image"
          className="w-full max-w-md"
        />
      ) : null}
      <Notice result={result} />
    </div>
  );
}

/** Issue 15: write a post with the rich-text editor, publish or unpublish it, give it a cover. */
export default function BlogEdit({ loaderData }: Route.ComponentProps) {
  // New and edit share this module: a fresh editor (its rows and fields) for each post.
  return <BlogEditForm key={loaderData.post?.id ?? "new"} post={loaderData.post} />;
}

function BlogEditForm({ post }: { post: AdminBlogPost | null }) {
  const { busy, result, run } = useChange();
  const navigate = useNavigate();
  const [content, setContent] = useState(post?.content ?? "");
  const [contentAr, setContentAr] = useState(post?.contentAr ?? "");
  const [slug, setSlug] = useState(post?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [problem, setProblem] = useState("");
  const created = useSearchParams()[0].has("created");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    if (!text("title") || !text("slug") || content.replace(/<[^>]*>/g, "").trim() === "") {
      setProblem("A post needs a title, a slug and some content.");
      return;
    }
    setProblem("");
    const payload = {
      title: text("title"),
      slug: text("slug"),
      excerpt: text("excerpt"),
      author: text("author"),
      category: text("category"),
      content,
      // Empty: not translated, /ar shows the English (decision 0025).
      titleAr: text("titleAr") || null,
      excerptAr: text("excerptAr") || null,
      contentAr: contentAr.replace(/<[^>]*>/g, "").trim() ? contentAr : null,
    };
    if (post) {
      void run(() => adminSend("PUT", `/api/admin/blog/${post.id}`, payload), "Post saved.");
      return;
    }
    void run(() => adminSend("POST", "/api/admin/blog", payload), "Draft created.").then((answer) => {
      if (answer) navigate(`/admin/blog/${answer.post.id}?created=1`);
    });
  }

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/blog" className="underline underline-offset-4">
          Blog
        </Link>
      </p>
      <PageHeader title={post ? post.title : "New post"}>
        {post ? (
          <>
            <StatusBadge status={post.published ? "published" : "draft"} />
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    adminSend(
                      "POST",
                      `/api/admin/blog/${post.id}/${post.published ? "unpublish" : "publish"}`,
                    ),
                  post.published ? "Unpublished: back to draft." : "Published: the blog shows it.",
                )
              }
            >
              {post.published ? "Unpublish" : "Publish"}
            </button>
          </>
        ) : null}
      </PageHeader>
      <div className="mb-4">
        <Notice
          result={
            problem
              ? { ok: false, message: problem }
              : (result ??
                (created ? { ok: true, message: "Draft created. Publish it when it is ready." } : null))
          }
        />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" key={post?.id ?? "new"}>
        <Card title="Post">
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="post-title" label="Title">
              <input
                id="post-title"
                name="title"
                required
                maxLength={200}
                defaultValue={post?.title}
                className={inputClass}
                onChange={(event) => {
                  if (!slugTouched) setSlug(slugify(event.target.value));
                }}
              />
            </Field>
            <Field id="post-slug" label="Slug" hint="The address: /blog/slug">
              <input
                id="post-slug"
                name="slug"
                required
                value={slug}
                aria-describedby="post-slug-hint"
                className={inputClass}
                onChange={(event) => {
                  setSlugTouched(true);
                  setSlug(event.target.value);
                }}
              />
            </Field>
            <Field id="post-author" label="Author">
              <input
                id="post-author"
                name="author"
                required
                defaultValue={post?.author}
                className={inputClass}
              />
            </Field>
            <Field id="post-category" label="Category">
              <input
                id="post-category"
                name="category"
                defaultValue={post?.category}
                className={inputClass}
              />
            </Field>
            <div className="md:col-span-2">
              <Field id="post-excerpt" label="Excerpt">
                <textarea
                  id="post-excerpt"
                  name="excerpt"
                  rows={2}
                  maxLength={500}
                  defaultValue={post?.excerpt}
                  className={inputClass}
                />
              </Field>
            </div>
          </div>
          <div className="mt-4 flex flex-col gap-1">
            <span id="post-content-label" className="text-sm font-medium text-neutral-800">
              Content
            </span>
            <Suspense fallback={<AdminLoading />}>
              <RichTextEditor
                initialHtml={post?.content ?? ""}
                labelledBy="post-content-label"
                onChange={setContent}
              />
            </Suspense>
          </div>
        </Card>
        <Card title="Arabic (/ar)">
          <div className="mb-3 flex items-center gap-2">
            <p className="text-sm text-neutral-700">Left empty, /ar shows the English text.</p>
            <NeedsArabicBadge missing={post?.missingArabic ?? []} />
          </div>
          <div className="grid gap-4">
            <Field id="post-title-ar" label="Title (Arabic)">
              <input
                id="post-title-ar"
                name="titleAr"
                dir="rtl"
                lang="ar"
                maxLength={200}
                defaultValue={post?.titleAr ?? ""}
                className={inputClass}
              />
            </Field>
            <Field id="post-excerpt-ar" label="Excerpt (Arabic)">
              <textarea
                id="post-excerpt-ar"
                name="excerptAr"
                dir="rtl"
                lang="ar"
                rows={2}
                maxLength={500}
                defaultValue={post?.excerptAr ?? ""}
                className={inputClass}
              />
            </Field>
          </div>
          <div className="mt-4 flex flex-col gap-1">
            <span id="post-content-ar-label" className="text-sm font-medium text-neutral-800">
              Content (Arabic)
            </span>
            <Suspense fallback={<AdminLoading />}>
              <RichTextEditor
                initialHtml={post?.contentAr ?? ""}
                labelledBy="post-content-ar-label"
                onChange={setContentAr}
                dir="rtl"
                lang="ar"
                toolbarLabel="Formatting of the Arabic text"
              />
            </Suspense>
          </div>
        </Card>
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Saving…" : post ? "Save post" : "Create draft"}
          </button>
        </div>
      </form>
      {post ? (
        <Card title="Cover image" className="mt-6">
          <CoverUpload post={post} />
        </Card>
      ) : null}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
