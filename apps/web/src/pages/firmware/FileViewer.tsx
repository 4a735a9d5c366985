/**
 * The preview's file viewer: a text file with line numbers (paged by 256 KiB,
 * numbered from the page's first line), other files as a paged hex dump (offset | hex | ASCII), images in an <img> (decided by the
 * server from the bytes; SVG stays text), and a download of the file. Contents
 * are re-carved on the server from the stored image (POST /f/file_preview).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Pagination, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/request.ts';
import { type FilePreview, HEX_PAGE, TEXT_PAGE, downloadTreeFile, fromBase64, hexRows, previewFile } from './files-api.ts';
import type { FwFile } from './model.ts';

const mono: React.CSSProperties = { fontFamily: 'monospace', fontSize: 12, lineHeight: '18px', margin: 0, whiteSpace: 'pre' };

export function FileViewer({ taskUid, file }: { taskUid: string; file: FwFile }) {
  const { t } = useTranslation();
  // The page asked for; `text` once the file is known to be text (its pages are whole server windows, not hex pages).
  const [page, setPage] = useState<{ offset: number; text?: boolean }>({ offset: 0 });
  const offset = page.offset;
  const [preview, setPreview] = useState<FilePreview>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    setPage({ offset: 0 });
    setPreview(undefined);
  }, [taskUid, file.path]);
  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(undefined);
    // The first request (offset 0) decides the kind and brings a whole window; later hex pages ask for one page each.
    previewFile(taskUid, file.path, offset > 0 ? (page.text ? { offset } : { offset, length: HEX_PAGE }) : {})
      .then((p) => live && setPreview(p))
      .catch((e: Error) => live && (setPreview(undefined), setError(e.message)))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [taskUid, file.path, offset, page.text]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTreeFile(taskUid, file.path);
    } catch (e) {
      reportError(e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div data-testid="firmware-viewer" style={{ marginTop: 16 }}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('firmware.viewer.title')}</Typography.Text>
        <Button size="small" onClick={() => void download()} loading={downloading} data-testid="firmware-file-download">
          {t('firmware.viewer.download')}
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error} data-testid="firmware-viewer-error" /> : null}
      <Spin spinning={busy}>{preview ? <Body preview={preview} onPage={(o) => setPage({ offset: o, text: preview.kind === 'text' })} /> : <div style={{ minHeight: 40 }} />}</Spin>
    </div>
  );
}

function Body({ preview, onPage }: { preview: FilePreview; onPage: (offset: number) => void }) {
  const { t } = useTranslation();
  const box: React.CSSProperties = { maxHeight: 480, overflow: 'auto', border: '1px solid rgba(128,128,128,0.3)', borderRadius: 4, padding: 8 };
  switch (preview.kind) {
    case 'symlink':
      return <Typography.Text>{t('firmware.viewer.symlink', { target: preview.target })}</Typography.Text>;
    case 'image':
      return (
        <div style={box} data-testid="firmware-viewer-image">
          <img src={`data:${preview.mime};base64,${preview.base64}`} alt="" style={{ maxWidth: '100%' }} />
        </div>
      );
    case 'text': {
      const lines = preview.text.split('\n');
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const first = preview.line ?? 1;
      return (
        <>
          <div style={{ ...box, display: 'flex', gap: 12 }} data-testid="firmware-viewer-text">
            <pre style={{ ...mono, textAlign: 'right', opacity: 0.5, userSelect: 'none' }}>{lines.map((_, i) => first + i).join('\n')}</pre>
            <pre style={mono}>{lines.join('\n')}</pre>
          </div>
          {preview.size > TEXT_PAGE ? (
            <Space style={{ marginTop: 8 }}>
              <Pagination size="small" simple current={Math.round(preview.offset / TEXT_PAGE) + 1} pageSize={TEXT_PAGE} total={preview.size} showSizeChanger={false} onChange={(p) => onPage((p - 1) * TEXT_PAGE)} data-testid="firmware-viewer-text-pager" />
              <Typography.Text type="secondary" data-testid="firmware-viewer-text-window">
                {t('firmware.viewer.textWindow', { from: preview.offset, to: preview.offset + preview.length, size: preview.size })}
              </Typography.Text>
            </Space>
          ) : null}
        </>
      );
    }
    case 'hex':
      return (
        <>
          <div style={box} data-testid="firmware-viewer-hex">
            <pre style={mono}>{hexRows(fromBase64(preview.base64).subarray(0, HEX_PAGE), preview.offset).join('\n')}</pre>
          </div>
          {preview.size > HEX_PAGE ? (
            <Pagination size="small" style={{ marginTop: 8 }} simple current={Math.floor(preview.offset / HEX_PAGE) + 1} pageSize={HEX_PAGE} total={preview.size} showSizeChanger={false} onChange={(p) => onPage((p - 1) * HEX_PAGE)} data-testid="firmware-viewer-pager" />
          ) : null}
        </>
      );
  }
}
