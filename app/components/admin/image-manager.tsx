import { ArrowDownIcon, ArrowUpIcon, ImageIcon, TrashIcon } from "@radix-ui/react-icons";
import { type DragEvent, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminApiError, adminSend, uploadWithProgress } from "./api";
import type { AdminImage } from "./types";
import { buttonClass, inputClass, Notice } from "./ui";

interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * A product's images: drop several files at once (or choose them), each uploading with its own progress
 * bar; the server turns them into the storefront's AVIF/WebP widths. Reorder by dragging or with the
 * Move up/down buttons (keyboard), edit alt text, delete. Each change is saved at once.
 */
export function ImageManager({ productId, images }: { productId: string; images: AdminImage[] }) {
  const inputId = useId();
  const revalidator = useRevalidator();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const dragging = useRef<number | null>(null);
  const base = `/api/admin/products/${productId}/images` as const;

  async function uploadFiles(files: File[]) {
    const batch = files.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      progress: 0,
    }));
    setUploads((now) => [...now, ...batch]);
    // One after another, so the images keep the order they were dropped in.
    for (const [i, file] of files.entries()) {
      const key = batch[i]!.key;
      const form = new FormData();
      // One file per request, so each shows its own progress (the server takes several too).
      form.append("images", file);
      try {
        await uploadWithProgress(base, form, (progress) =>
          setUploads((now) => now.map((u) => (u.key === key ? { ...u, progress } : u))),
        );
        setUploads((now) => now.filter((u) => u.key !== key));
      } catch (error) {
        const message = error instanceof AdminApiError ? error.message : "The upload failed.";
        setUploads((now) => now.map((u) => (u.key === key ? { ...u, error: message } : u)));
      }
    }
    revalidator.revalidate();
  }

  async function change(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      setResult({ ok: true, message: done });
    } catch (error) {
      setResult({
        ok: false,
        message: error instanceof AdminApiError ? error.message : "The change failed.",
      });
    }
    revalidator.revalidate();
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= images.length || from === to) return;
    const order = images.map((image) => image.id);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    void change(() => adminSend("PUT", `${base}/order`, { imageIds: order }), "Image order saved.");
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragOver(false);
    const files = [...event.dataTransfer.files].filter((file) => file.type.startsWith("image/"));
    if (files.length > 0) void uploadFiles(files);
  }

  return (
    <div className="flex flex-col gap-4">
      <Notice result={result} />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm ${
          dragOver ? "border-neutral-900 bg-neutral-100" : "border-neutral-300 bg-neutral-50"
        }`}
        data-testid="image-dropzone"
      >
        <ImageIcon aria-hidden className="size-6 text-neutral-700" />
        <span className="font-medium text-neutral-900">Drop images here, or choose files</span>
        <span className="text-neutral-700">JPEG, PNG, WebP or AVIF; several at once</span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          aria-label="Upload images"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) void uploadFiles(files);
          }}
        />
      </label>
      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              <span className="flex justify-between gap-2">
                <span className="truncate">{upload.name}</span>
                <span>{upload.error ? "Failed" : `${Math.round(upload.progress * 100)}%`}</span>
              </span>
              {upload.error ? (
                <span role="alert" className="text-red-700">
                  {upload.error}
                </span>
              ) : (
                <progress
                  className="w-full"
                  max={1}
                  value={upload.progress}
                  aria-label={`Uploading ${upload.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {images.length === 0 ? (
        <p className="text-sm text-neutral-700">No images yet: the shop shows a placeholder.</p>
      ) : (
        <ol
          className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
          aria-label="Images, in the order the shop shows them"
        >
          {images.map((image, index) => (
            <li
              key={image.id}
              draggable
              onDragStart={() => {
                dragging.current = index;
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                event.stopPropagation();
                if (dragging.current !== null) move(dragging.current, index);
                dragging.current = null;
              }}
              className="flex flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-2"
              data-testid="admin-image"
            >
              <img
                src={image.url}
                alt={image.alt}
                className="aspect-[3/4] w-full rounded object-cover"
                width={300}
                height={400}
              />
              <form
                className="flex flex-col gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  const alt = String(form.get("alt") ?? "").trim();
                  // Empty Arabic: /ar reads the English alt text (decision 0025).
                  const altAr = String(form.get("altAr") ?? "").trim() || null;
                  void change(
                    () => adminSend("PATCH", `${base}/${image.id}`, { alt, altAr }),
                    "Alt text saved.",
                  );
                }}
              >
                <input
                  name="alt"
                  defaultValue={image.alt}
                  aria-label={`Alt text of image ${index + 1}`}
                  className={inputClass}
                  maxLength={200}
                />
                <input
                  name="altAr"
                  dir="rtl"
                  lang="ar"
                  defaultValue={image.altAr ?? ""}
                  aria-label={`Arabic alt text of image ${index + 1}`}
                  className={inputClass}
                  maxLength={200}
                />
                <button type="submit" className={buttonClass.secondary}>
                  Save
                </button>
              </form>
              <div className="flex items-center justify-between">
                <span className="text-xs text-neutral-700">
                  {index + 1} of {images.length}
                </span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move image ${index + 1} earlier`}
                  >
                    <ArrowUpIcon aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move image ${index + 1} later`}
                  >
                    <ArrowDownIcon aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    onClick={() =>
                      void change(() => adminSend("DELETE", `${base}/${image.id}`), "Image deleted.")
                    }
                    aria-label={`Delete image ${index + 1}`}
                  >
                    <TrashIcon aria-hidden className="size-4 text-red-700" />
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
