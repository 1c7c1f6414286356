import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
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
}: {
  initialHtml: string;
  labelledBy: string;
  onChange: (html: string) => void;
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
        aria-label="Formatting"
        className="flex flex-wrap gap-0.5 border-b border-neutral-200 p-1"
      >
        {tool("Bold", <Bold aria-hidden className="size-4" />, () => chain().toggleBold().run(), state?.bold)}
        {tool(
          "Italic",
          <Italic aria-hidden className="size-4" />,
          () => chain().toggleItalic().run(),
          state?.italic,
        )}
        {tool(
          "Heading",
          <Heading2 aria-hidden className="size-4" />,
          () => chain().toggleHeading({ level: 2 }).run(),
          state?.h2,
        )}
        {tool(
          "Subheading",
          <Heading3 aria-hidden className="size-4" />,
          () => chain().toggleHeading({ level: 3 }).run(),
          state?.h3,
        )}
        {tool(
          "Bulleted list",
          <List aria-hidden className="size-4" />,
          () => chain().toggleBulletList().run(),
          state?.bullet,
        )}
        {tool(
          "Numbered list",
          <ListOrdered aria-hidden className="size-4" />,
          () => chain().toggleOrderedList().run(),
          state?.ordered,
        )}
        {tool(
          "Quote",
          <Quote aria-hidden className="size-4" />,
          () => chain().toggleBlockquote().run(),
          state?.quote,
        )}
        {tool("Link", <Link2 aria-hidden className="size-4" />, toggleLink, state?.link)}
        {tool("Divider", <Minus aria-hidden className="size-4" />, () => chain().setHorizontalRule().run())}
        {tool("Undo", <Undo2 aria-hidden className="size-4" />, () => chain().undo().run())}
        {tool("Redo", <Redo2 aria-hidden className="size-4" />, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
