import { Dropzone } from "@mantine/dropzone/esm/Dropzone.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import IconUpload from "@tabler/icons-react/dist/esm/icons/IconUpload.mjs";
import { useTranslation } from "react-i18next";

/**
 * The drop area of a file field (issue 13): the page's words instead of the browser's "Choose
 * File / No file chosen", a file dropped or picked here is handed to the field's own input.
 */
export default function FileDropZone({
  label,
  fileName,
  onFile,
  testId,
}: {
  label: string;
  fileName: string | undefined;
  onFile: (file: File) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      multiple={false}
      role="button"
      // The drop area's own chooser input: out of the accessibility tree and the Tab order (the
      // area is the one control; the field's input, labelled, is what the form posts).
      inputProps={{ style: { display: "none" } }}
      aria-label={`${label}: ${fileName ?? t("fileDrop.none")}`}
      data-testid={testId}
      className="file-drop"
      p="sm"
    >
      <IconUpload size={18} aria-hidden />
      <Text size="sm" component="span">
        {fileName ?? t("fileDrop.prompt")}
      </Text>
      {fileName && (
        <Text size="xs" c="dimmed" component="span">
          {t("fileDrop.change")}
        </Text>
      )}
    </Dropzone>
  );
}
