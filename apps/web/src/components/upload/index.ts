/** The drag-and-drop upload widget of SPEC §2 and its client-side rules. */
export { FileUpload, refusal, DEFAULT_UPLOAD_MAX_MB, type FileUploadProps } from './FileUpload.tsx';
export type { UploadedFile } from '../../api/uploads.ts';
export { MAX_TEXT_DOCUMENT_BYTES, TextDocumentPicker, type TextDocument, type TextDocumentPickerProps } from './TextDocumentPicker.tsx';
