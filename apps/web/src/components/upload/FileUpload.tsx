/**
 * Drag-and-drop file upload (SPEC §2, §5): accept and size hints
 * ("只能上传{accept}文件", "大小不能超过{N}MB"), refusals before any byte is sent
 * ("File only supports …", "文件大小不能超过{N}MB"), chunked upload with
 * progress per file, the MD5 once done, cancel, and resume after a reload.
 * Forms must not submit while an upload runs: `onBusyChange` says when.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Progress, Typography, Upload } from 'antd';
import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { UPLOAD_KINDS, type UploadKind, fileExtension, formatUploadMb } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { forgetUpload, uploadFile, type UploadedFile } from '../../api/uploads.ts';

/** Server-wide default for target files (CITADEL_UPLOAD_MAX_MB); kinds with their own limit keep it. */
export const DEFAULT_UPLOAD_MAX_MB = 4096;

export interface FileUploadProps {
  kind: UploadKind;
  /** Overrides the kind's size limit (MB). */
  maxMb?: number;
  /** SPEC §9: at most one file by default. */
  maxCount?: number;
  onChange?: (files: UploadedFile[]) => void;
  /** True while any file is still uploading. */
  onBusyChange?: (busy: boolean) => void;
  testId?: string;
}

interface Row {
  id: string;
  file: File;
  percent: number;
  state: 'uploading' | 'done' | 'error';
  result?: UploadedFile;
  controller: AbortController;
}

const ROW_STYLE = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 200px auto', alignItems: 'center', columnGap: 12, marginTop: 8 } as const;

/** The client-side check of SPEC §5: the message to show, or undefined when the file may go. */
export function refusal(file: { name: string; size: number }, kind: UploadKind, maxMb: number, t: (key: string, opts: Record<string, string | number>) => string): string | undefined {
  const extensions = UPLOAD_KINDS[kind].extensions;
  if (!extensions.includes(fileExtension(file.name))) return t('upload.onlySupports', { list: extensions.join(', ') });
  if (file.size >= maxMb * 1_048_576) return t('upload.tooLarge', { n: maxMb });
  return undefined;
}

export function FileUpload({ kind, maxMb, maxCount = 1, onChange, onBusyChange, testId = 'file-upload' }: FileUploadProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const limit = maxMb ?? UPLOAD_KINDS[kind].maxMb ?? DEFAULT_UPLOAD_MAX_MB;
  const accept = UPLOAD_KINDS[kind].extensions.map((e) => `.${e}`).join(',');
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const busy = rows.some((r) => r.state === 'uploading');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => {
    const done = rows.flatMap((r) => (r.state === 'done' && r.result ? [r.result] : []));
    onChange?.(done);
    // Only a change of finished files is news for the form.
  }, [rows.map((r) => `${r.id}:${r.state}`).join('|')]);
  // Leaving the page stops the transfers (they can be resumed later).
  useEffect(() => () => rowsRef.current.forEach((r) => r.controller.abort()), []);

  const update = (id: string, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const start = (file: File) => {
    const id = `${file.name}:${file.size}:${file.lastModified}:${Math.random()}`;
    const controller = new AbortController();
    setRows((list) => [...list.slice(Math.max(0, list.length - maxCount + 1)), { id, file, percent: 0, state: 'uploading', controller }]);
    uploadFile(file, { kind, signal: controller.signal, onProgress: (percent) => update(id, { percent }) })
      .then((result) => update(id, { state: 'done', percent: 100, result }))
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        update(id, { state: 'error' });
        // SPEC §8: a failed chunk raises '上传错误'; a refused file shows the server's message.
        feedback.error(err instanceof Error && err.message ? err.message : t('upload.failed'));
      });
  };

  const cancel = (row: Row) => {
    row.controller.abort();
    forgetUpload(row.file, kind);
    setRows((list) => list.filter((r) => r.id !== row.id));
  };

  return (
    <div className="citadel-upload" data-testid={testId}>
      <Upload.Dragger
        accept={accept}
        multiple={maxCount > 1}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = refusal(file, kind, limit, (key, opts) => t(key, opts));
          if (problem) feedback.error(problem);
          else start(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.drag')}</p>
        <p className="ant-upload-hint" data-testid={`${testId}-hint`}>
          {t('upload.acceptHint', { accept })} {t('upload.sizeHint', { n: limit })}
        </p>
      </Upload.Dragger>
      {rows.map((row) => (
        <div key={row.id} style={ROW_STYLE} data-testid={`${testId}-row`} data-state={row.state}>
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {row.file.name} ({formatUploadMb(row.file.size)}MB)
          </Typography.Text>
          <Progress percent={row.percent} size="small" status={row.state === 'error' ? 'exception' : row.state === 'done' ? 'success' : 'active'} />
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('upload.cancel')} data-testid={`${testId}-cancel`} onClick={() => cancel(row)} />
          {row.result && (
            <Typography.Text type="secondary" style={{ gridColumn: '1 / -1' }} copyable={{ text: row.result.md5 }} data-testid={`${testId}-md5`}>
              MD5: {row.result.md5}
            </Typography.Text>
          )}
        </div>
      ))}
    </div>
  );
}
