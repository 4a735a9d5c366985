/**
 * A form row for a document that goes with a task as text rather than as an
 * upload of its own (an SCA task's VEX, a compliance task's privacy policy):
 * the file is read in the browser, checked by the page's `read` (size, kind,
 * content) — a refusal is shown under the row — shown with its name and a
 * short summary, and can be removed. The page sends the text in
 * the task's parameters; the server bounds and re-checks it.
 */
import { useState } from 'react';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** The server's bound on a document sent as a task parameter (routes/task.ts: vex, privacyPolicy). */
export const MAX_TEXT_DOCUMENT_BYTES = 512 * 1024;

export interface TextDocument {
  name: string;
  text: string;
  /** What the page says about it beside the name (e.g. "12 statements", "3,400 characters"). */
  summary: string;
}

export interface TextDocumentPickerProps {
  /** The form row's label and hint; the row shows why a chosen file was refused. */
  label: string;
  extra: string;
  accept: string;
  chooseLabel: string;
  value?: TextDocument;
  /** Reads a chosen file: the document, or the message saying why it is refused (in the page's language). */
  read(file: File): Promise<TextDocument | { error: string }>;
  onChange(doc: TextDocument | undefined): void;
  testId: string;
}

export function TextDocumentPicker({ label, extra, accept, chooseLabel, value, read, onChange, testId }: TextDocumentPickerProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const choose = (doc: TextDocument | undefined, why?: string) => {
    setError(why);
    onChange(doc);
  };
  return (
    <Form.Item label={label} extra={extra} validateStatus={error ? 'error' : undefined} help={error}>
      <Space direction="vertical">
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(f) => {
            choose(undefined);
            void read(f).then((r) => ('error' in r ? choose(undefined, r.error) : choose(r)));
            // Read in the browser and sent with the task: no upload of its own.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-upload`}>
            {chooseLabel}
          </Button>
        </Upload>
        {value ? (
          <Space data-testid={`${testId}-file`}>
            <Typography.Text>{value.name}</Typography.Text>
            <Typography.Text type="secondary">{value.summary}</Typography.Text>
            <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => choose(undefined)} aria-label={t('common.delete')} />
          </Space>
        ) : null}
      </Space>
    </Form.Item>
  );
}
