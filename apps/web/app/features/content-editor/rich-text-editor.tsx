import { Bold, Heading2, Italic, Link2, List, ListOrdered, Pilcrow, Unlink } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { fieldStyles } from "../../components/ui/field-styles";

const contentStyles =
  "[&_a]:text-navy-700 [&_a]:underline [&_h2]:mt-3 [&_h2]:font-semibold [&_h2]:text-xl [&_h3]:mt-3 [&_h3]:font-semibold [&_h3]:text-lg [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * A small rich-text editor: paragraphs, headings, bold, italic, links and lists. Before the page is
 * interactive it is a plain textarea of HTML, so the form still works without JavaScript. The server
 * sanitises whatever is posted.
 */
export function RichTextEditor({
  id,
  name,
  value,
  onChange,
  label,
  describedBy,
  invalid,
  hydrated,
}: {
  id: string;
  name: string;
  value: string;
  onChange(html: string): void;
  label: string;
  describedBy?: string;
  invalid: boolean;
  hydrated: boolean;
}) {
  const editor = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  // The plain textarea shown before hydration: what was typed into it carries over to the editor.
  const plain = useRef<HTMLTextAreaElement>(null);
  const typedBeforeHydration = useRef<string | null>(null);
  if (hydrated && plain.current) {
    // Read while rendering the switch, the last moment the textarea is still in the page.
    typedBeforeHydration.current = plain.current.value;
    plain.current = null;
  }
  useEffect(() => {
    const typed = typedBeforeHydration.current;
    typedBeforeHydration.current = null;
    if (typed !== null && typed !== value) onChange(typed);
  }, [value, onChange]);

  // The editor owns its DOM while typing; only a value from elsewhere (the first render after
  // hydration, a reset) is written into it.
  useEffect(() => {
    const element = hydrated ? editor.current : null;
    if (element && value !== emitted.current) {
      element.innerHTML = value;
      emitted.current = value;
    }
  }, [value, hydrated]);

  if (!hydrated) {
    return (
      <textarea
        ref={plain}
        id={id}
        name={name}
        defaultValue={value}
        rows={6}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={`mt-1 font-mono text-sm ${fieldStyles.input}`}
      />
    );
  }

  const emit = () => {
    const html = editor.current?.innerHTML ?? "";
    emitted.current = html;
    onChange(html);
  };
  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const link = () => {
    const url = window.prompt("Link address (https://…, /page, mailto:…)", "https://");
    if (url && url !== "https://") run("createLink", url.trim());
  };

  return (
    <div className="mt-1 rounded-md border border-slate-300 bg-white focus-within:border-navy-600 focus-within:outline-2 focus-within:outline-amber-600 has-[[aria-invalid=true]]:border-negative">
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={id}
        className="flex flex-wrap gap-1 border-slate-200 border-b bg-navy-50 p-1"
      >
        <ToolButton label="Paragraph" onClick={() => run("formatBlock", "<p>")}>
          <Pilcrow aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Heading" onClick={() => run("formatBlock", "<h2>")}>
          <Heading2 aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Bold" onClick={() => run("bold")}>
          <Bold aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Italic" onClick={() => run("italic")}>
          <Italic aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Link" onClick={link}>
          <Link2 aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Remove link" onClick={() => run("unlink")}>
          <Unlink aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Bulleted list" onClick={() => run("insertUnorderedList")}>
          <List aria-hidden size={16} />
        </ToolButton>
        <ToolButton label="Numbered list" onClick={() => run("insertOrderedList")}>
          <ListOrdered aria-hidden size={16} />
        </ToolButton>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text box has no native element; role textbox is the pattern */}
      <div
        ref={editor}
        id={id}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
        onPaste={(event) => {
          // Pasted text arrives plain: formatting from other programs would only be stripped on save.
          event.preventDefault();
          document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
          emit();
        }}
        className={`min-h-32 px-3 py-2 text-navy-900 outline-none ${contentStyles}`}
      />
      <input type="hidden" name={name} value={value} />
    </div>
  );
}

function ToolButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // Keeps the text selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded text-navy-800 hover:bg-white"
    >
      {children}
    </button>
  );
}
