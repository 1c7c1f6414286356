import {
  DividerHorizontalIcon,
  FontBoldIcon,
  FontItalicIcon,
  HeadingIcon,
  Link2Icon,
  ListBulletIcon,
  QuoteIcon,
  ReloadIcon,
  ResetIcon,
} from "@radix-ui/react-icons";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";

/**
 * The blog's rich-text editor: Tiptap (ProseMirror) limited to what the server's blog allowlist keeps
 * (server/sanitize.ts: paragraphs, h2-h4, lists, quotes, bold, italic, links, rules). The server
 * sanitizes the HTML again on save; nothing here is trusted.
 */
export default function RichTextEditor({
  initialHtml,
  labelledBy,
  onChange,
  dir,
  lang,
  toolbarLabel = "Formatting",
}: {
  initialHtml: string;
  labelledBy: string;
  onChange: (html: string) => void;
  /** "rtl" for the Arabic text (decision 0025): typed and shown right to left. */
  dir?: "rtl" | "ltr";
  lang?: string;
  toolbarLabel?: string;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        "aria-labelledby": labelledBy,
        "aria-multiline": "true",
        role: "textbox",
        ...(dir ? { dir } : {}),
        ...(lang ? { lang } : {}),
        class: "admin-prose min-h-56 px-3 py-2 text-sm",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      quote: e?.isActive("blockquote") ?? false,
      link: e?.isActive("link") ?? false,
    }),
  });

  const tool = (label: string, icon: ReactNode, run: () => void, active = false) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={label}
      onClick={run}
      disabled={!editor}
      className={`inline-flex size-9 items-center justify-center rounded ${active ? "bg-neutral-900 text-white" : "text-neutral-800 hover:bg-neutral-200"}`}
    >
      {icon}
    </button>
  );

  const chain = () => editor!.chain().focus();
  function toggleLink() {
    if (!editor) return;
    if (editor.isActive("link")) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt("Link address (https://…)")?.trim();
    if (href) chain().extendMarkRange("link").setLink({ href }).run();
  }

  return (
    <div className="rounded-md border border-neutral-400 bg-white focus-within:outline-2 focus-within:outline-neutral-900">
      <div
        role="toolbar"
        aria-label={toolbarLabel}
        className="flex flex-wrap gap-0.5 border-b border-neutral-200 p-1"
      >
        {tool(
          "Bold",
          <FontBoldIcon aria-hidden className="size-4" />,
          () => chain().toggleBold().run(),
          state?.bold,
        )}
        {tool(
          "Italic",
          <FontItalicIcon aria-hidden className="size-4" />,
          () => chain().toggleItalic().run(),
          state?.italic,
        )}
        {tool(
          "Heading",
          <HeadingIcon aria-hidden className="size-4" />,
          () => chain().toggleHeading({ level: 2 }).run(),
          state?.h2,
        )}
        {tool(
          "H3 subheading",
          <span aria-hidden className="text-xs font-bold">
            H3
          </span>,
          () => chain().toggleHeading({ level: 3 }).run(),
          state?.h3,
        )}
        {tool(
          "Bulleted list",
          <ListBulletIcon aria-hidden className="size-4" />,
          () => chain().toggleBulletList().run(),
          state?.bullet,
        )}
        {tool(
          "1. Numbered list",
          <span aria-hidden className="text-xs font-bold">
            1.
          </span>,
          () => chain().toggleOrderedList().run(),
          state?.ordered,
        )}
        {tool(
          "Quote",
          <QuoteIcon aria-hidden className="size-4" />,
          () => chain().toggleBlockquote().run(),
          state?.quote,
        )}
        {tool("Link", <Link2Icon aria-hidden className="size-4" />, toggleLink, state?.link)}
        {tool("Divider", <DividerHorizontalIcon aria-hidden className="size-4" />, () =>
          chain().setHorizontalRule().run(),
        )}
        {tool("Undo", <ResetIcon aria-hidden className="size-4" />, () => chain().undo().run())}
        {tool("Redo", <ReloadIcon aria-hidden className="size-4" />, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
