/** Look-up of a package URL, a component (busybox 1.01) or a device against the imported data. */
import { useState } from 'react';
import { Button, Form, Input, Segmented, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/request.ts';
import { PageCard } from '../../components/index.ts';
import { type Lookup, type Vulnerability, vulndbApi } from './api.ts';

type Kind = 'purl' | 'component' | 'device';
const LEVEL_COLOURS: Record<string, string> = { critical: 'magenta', high: 'red', medium: 'orange', low: 'blue', none: 'default' };

export function LookupPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('purl');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ query: string; vulnerabilities: Vulnerability[] }>();
  const [loading, setLoading] = useState(false);
  const field = (name: string, label: string, placeholder?: string) => (
    <Form.Item label={label} key={name}>
      <Input value={fields[name] ?? ''} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} placeholder={placeholder} style={{ width: name === 'purl' ? 360 : 180 }} data-testid={`vulndb-q-${name}`} />
    </Form.Item>
  );
  const query = (): Lookup => {
    const f = (k: string) => (fields[k] ?? '').trim();
    if (kind === 'purl') return { purl: f('purl') };
    if (kind === 'component') return { component: f('component'), version: f('version') };
    return { vendor: f('vendor'), model: f('model'), firmware: f('firmware') };
  };
  const submit = async () => {
    setLoading(true);
    try {
      setResult(await vulndbApi.query(query()));
    } catch (e) {
      reportError(e);
    } finally {
      setLoading(false);
    }
  };
  return (
    <PageCard title={t('vulndb.lookup')} testId="vulndb-lookup">
      <Segmented<Kind> value={kind} onChange={setKind} options={(['purl', 'component', 'device'] as const).map((k) => ({ value: k, label: t(`vulndb.lookupKind.${k}`) }))} style={{ marginBottom: 12 }} />
      <Form layout="inline" onFinish={() => void submit()}>
        {kind === 'purl' && field('purl', t('vulndb.lookupKind.purl'), t('vulndb.purlPlaceholder'))}
        {kind === 'component' && [field('component', t('vulndb.component'), 'busybox'), field('version', t('vulndb.version'), '1.01')]}
        {kind === 'device' && [field('vendor', t('vulndb.vendor'), 'TP-Link'), field('model', t('vulndb.model'), 'TL-WR841N'), field('firmware', t('vulndb.firmware'))]}
        <Button type="primary" htmlType="submit" loading={loading} data-testid="vulndb-q-submit">
          {t('vulndb.query')}
        </Button>
      </Form>
      {result && (
        <Table<Vulnerability>
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          title={() => <Typography.Text code>{result.query}</Typography.Text>}
          dataSource={result.vulnerabilities}
          locale={{ emptyText: t('vulndb.noVulns') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="vulndb-result"
          columns={[
            { title: t('vulndb.id'), dataIndex: 'id', width: 170 },
            { title: t('vulndb.aliases'), dataIndex: 'ids', width: 200, render: (ids: string[], v) => ids.filter((i) => i !== v.id).join(', ') || '-' },
            { title: t('vulndb.level'), dataIndex: 'level', width: 90, render: (l?: string) => (l ? <Tag color={LEVEL_COLOURS[l]}>{t(`vulndb.levels.${l}`)}</Tag> : '-') },
            { title: t('vulndb.score'), dataIndex: 'score', width: 70, render: (s?: number) => s ?? '-' },
            { title: t('vulndb.fixed'), dataIndex: 'fixed', width: 120, render: (f: string[]) => f.join(', ') || '-' },
            { title: t('vulndb.summary'), dataIndex: 'summary', ellipsis: true, render: (s: string, v) => (v.conditions.length ? `${s} (${t('vulndb.conditions')}: ${v.conditions.join(', ')})` : s) },
          ]}
        />
      )}
    </PageCard>
  );
}
