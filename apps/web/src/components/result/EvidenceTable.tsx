/** A finding's details: its evidence occurrences (only the columns that carry data), snippets and web request/response in code blocks. */
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Attribution, type Evidence, evidenceDetail } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';

type EvidenceKey = 'file' | 'className' | 'method' | 'line' | 'offset' | 'detail' | 'snippet' | 'request' | 'response' | 'attribution';
const ORDER: EvidenceKey[] = ['file', 'className', 'method', 'line', 'offset', 'detail', 'snippet', 'request', 'response', 'attribution'];
const CODE: EvidenceKey[] = ['snippet', 'request', 'response'];

export function AttributionTag({ attribution }: { attribution: Attribution | undefined }) {
  if (!attribution) return <>-</>;
  return attribution.kind === 'main' ? <Tag color="blue">MAIN</Tag> : <Tag color="purple">{attribution.name}</Tag>;
}

export function CodeBlock({ text }: { text: string }) {
  return (
    <pre className="citadel-code" style={{ margin: 0, maxHeight: 220, overflow: 'auto', padding: '6px 8px', background: '#f6f8fa', border: '1px solid #eaecef', borderRadius: 4, fontSize: 12, lineHeight: 1.5, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: "SFMono-Regular, Consolas, 'Liberation Mono', Menlo, monospace" }}>
      <code>{text}</code>
    </pre>
  );
}

export function EvidenceTable({ evidence: raw, omitted }: { evidence: Evidence[]; omitted?: number }) {
  const { t, i18n } = useTranslation();
  // The detail in the page's language: an engine's fact as a sentence, values as they are, no English prose in Chinese.
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-CN';
  const evidence = raw.map((e) => ({ ...e, detail: evidenceDetail(e, locale) || undefined }));
  const present = ORDER.filter((k) => evidence.some((e) => e[k] !== undefined && e[k] !== ''));
  const columns: ColumnsType<Evidence & { index: number }> = present.map((k) => ({
    key: k,
    title: t(`result.evidence.${k}`),
    width: k === 'line' || k === 'offset' ? 80 : k === 'attribution' ? 120 : undefined,
    render: (_, e) => {
      if (k === 'attribution') return <AttributionTag attribution={e.attribution} />;
      const v = e[k];
      if (v === undefined || v === '') return '-';
      if (CODE.includes(k)) return <CodeBlock text={String(v)} />;
      if (k === 'offset' && typeof v === 'number') return <Typography.Text code>0x{v.toString(16)}</Typography.Text>;
      return <span style={{ wordBreak: 'break-all' }}>{String(v)}</span>;
    },
  }));
  return (
    <div>
      <Table
        size="small"
        bordered
        rowKey="index"
        pagination={evidence.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        columns={columns}
        dataSource={evidence.map((e, index) => ({ ...e, index }))}
      />
      {omitted ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('result.omitted', { n: omitted, count: omitted })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
