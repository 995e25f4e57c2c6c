import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";

/** A CSV download of a page's table: a link to a resource route (a document, not a client navigation). */
export function ExportLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className="ins-export" data-testid="export-link">
      <IconDownload size={14} aria-hidden />
      {label}
    </a>
  );
}
