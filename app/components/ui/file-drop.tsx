import { lazy, Suspense, useRef, useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

const FileDropZone = lazy(() => import("./file-drop-zone.client"));

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** The field's name for screen readers and the drop area. */
  label: string;
};

/**
 * A file field. Without JavaScript: the browser's file input, which posts with its form. With it:
 * the same input, out of sight and out of the Tab order, behind a drop area in the page's
 * language (a click or Enter opens the file chooser, a drop works too); the chosen file is put
 * into the input, so the form posts exactly what it posted before.
 */
export function FileDrop({ label, onChange, ...input }: Props) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string>();
  const testId = (input as { "data-testid"?: string })["data-testid"];
  return (
    <>
      <input
        {...input}
        ref={ref}
        type="file"
        // Named by its own <label for> when a field wraps it (Field gives it an id), else here.
        aria-label={input.id ? undefined : label}
        className={hydrated ? "file-drop-input" : input.className}
        tabIndex={hydrated ? -1 : input.tabIndex}
        onChange={(e) => {
          setFileName(e.currentTarget.files?.[0]?.name);
          onChange?.(e);
        }}
      />
      {hydrated && (
        <Suspense fallback={null}>
          <FileDropZone
            label={label}
            fileName={fileName}
            testId={testId ? `${testId}-drop` : undefined}
            onFile={(file) => {
              const el = ref.current;
              if (!el) return;
              const list = new DataTransfer();
              list.items.add(file);
              el.files = list.files;
              // React listens for the native event: the field's own checks run as for a pick.
              el.dispatchEvent(new Event("change", { bubbles: true }));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
