/** The optional mirror (off by default): a zip URL on an internal mirror and the fetch interval. */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { PageCard } from '../../components/index.ts';
import { type Mirror, vulndbApi } from './api.ts';
import { formatTime } from '../../components/task-table/format.ts';

export function MirrorPanel({ mirror, busy, onChanged }: { mirror: Mirror; busy: boolean; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(mirror.url);
  const [hours, setHours] = useState(mirror.intervalHours);
  const run = async (p: Promise<unknown>, ok: string) => {
    try {
      await p;
      feedback.success(ok);
      await onChanged();
    } catch (e) {
      reportError(e);
    }
  };
  return (
    <PageCard title={t('vulndb.mirror')} testId="vulndb-mirror">
      <Form layout="vertical" style={{ maxWidth: 640 }} onFinish={() => void run(vulndbApi.saveMirror(url.trim(), hours), t('vulndb.saved'))}>
        <Form.Item label={t('vulndb.mirrorUrl')} extra={t('vulndb.mirrorUrlHint')}>
          <Input value={url} onChange={(e) => setUrl(e.target.value)} data-testid="vulndb-mirror-url" />
        </Form.Item>
        <Form.Item label={t('vulndb.interval')} extra={t('vulndb.intervalHint')}>
          <InputNumber min={0} max={2160} precision={0} value={hours} onChange={(v) => setHours(v ?? 0)} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="vulndb-mirror-save">
            {t('vulndb.save')}
          </Button>
          <Button disabled={busy || !mirror.url} onClick={() => void run(vulndbApi.importMirror(), t('vulndb.started'))}>
            {t('vulndb.fetchNow')}
          </Button>
          <Typography.Text type="secondary">
            {t('vulndb.lastFetch')}: {mirror.lastFetchAt ? formatTime(mirror.lastFetchAt) : mirror.url ? t('vulndb.never') : t('vulndb.mirrorOff')}
          </Typography.Text>
        </Space>
      </Form>
    </PageCard>
  );
}
