/**
 * Licences of the result: each licence (normalised SPDX expression, else the
 * declared text) with its components and, when the scan had a licence
 * policy, the verdict (denied / not on the allowed list); components without
 * a declared licence are counted, not guessed.
 */
import { useMemo } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComponentRow, LicenceVerdict, ScaView } from './model.ts';

interface Row {
  licence: string;
  known: boolean;
  verdict?: LicenceVerdict;
  components: ComponentRow[];
}

const ORDER: Record<string, number> = { denied: 0, not_allowed: 1, undecided: 2, ok: 3 };
const COLOR = { ok: 'green', denied: 'red', not_allowed: 'orange', undecided: 'default' } as const;

export function LicenceTable({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const { rows, without, policy } = useMemo(() => {
    const by = new Map<string, Row>();
    let without = 0;
    let policy = false;
    for (const c of view.components) {
      if (!c.licence) {
        without++;
        continue;
      }
      const key = c.licence.expression ?? c.licence.declared;
      const row = by.get(key) ?? { licence: key, known: !!c.licence.expression, ...(c.licence.verdict ? { verdict: c.licence.verdict } : {}), components: [] };
      if (c.licence.verdict) policy = true;
      row.components.push(c);
      by.set(key, row);
    }
    const rows = [...by.values()].sort((a, b) => (ORDER[a.verdict ?? 'ok']! - ORDER[b.verdict ?? 'ok']!) || b.components.length - a.components.length || a.licence.localeCompare(b.licence));
    return { rows, without, policy };
  }, [view]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" data-testid="sca-licence-summary">
        {t('sca.licences.summary', { n: rows.length, with: view.components.length - without, without })} {policy ? t('sca.licences.withPolicy') : t('sca.licences.noPolicy')}
      </Typography.Paragraph>
      <Table<Row>
        size="small"
        rowKey="licence"
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        data-testid="sca-licences"
        locale={{ emptyText: t('sca.licences.none') }}
        expandable={{
          expandedRowRender: (r) => (
            <Space wrap size={4}>
              {r.components.map((c) => (
                <Typography.Text key={c.ref} code>
                  {c.name}@{c.version}
                </Typography.Text>
              ))}
            </Space>
          ),
        }}
        columns={[
          { title: t('sca.licence'), dataIndex: 'licence', render: (l: string, r) => <Space size={4}><Typography.Text code data-testid="sca-licence-name">{l}</Typography.Text>{!r.known ? <Tag>{t('sca.verdicts.unknownLicence')}</Tag> : null}</Space> },
          { title: t('sca.licences.policy'), key: 'verdict', render: (_: unknown, r) => (r.verdict ? <Tag color={COLOR[r.verdict]}>{t(`sca.verdicts.${r.verdict}`)}</Tag> : '') },
          { title: t('sca.componentCount'), key: 'n', render: (_: unknown, r) => r.components.length },
          { title: t('sca.licences.examples'), key: 'ex', render: (_: unknown, r) => r.components.slice(0, 3).map((c) => c.name).join(', ') + (r.components.length > 3 ? ' …' : '') },
        ]}
      />
    </Space>
  );
}

/** Vulnerabilities a VEX statement suppressed: shown with the statement's state and reasons, never dropped. */
export function SuppressedTable({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const byRef = useMemo(() => new Map(view.components.map((c) => [c.ref, c])), [view]);
  const rows = view.vulnerabilities.filter((v) => v.suppressed);
  return (
    <Table
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      data-testid="sca-suppressed"
      locale={{ emptyText: t('sca.vex.none') }}
      columns={[
        { title: t('sca.vulnIds'), key: 'id', render: (_: unknown, v) => <Typography.Text strong>{v.id}</Typography.Text> },
        { title: t('sca.component'), key: 'component', render: (_: unknown, v) => { const c = byRef.get(v.component); return c ? `${c.name}@${c.version}` : ''; } },
        { title: t('sca.vex.state'), key: 'state', render: (_: unknown, v) => <Tag color="blue">{t(`sca.vex.states.${v.suppressed!.state}`, { defaultValue: v.suppressed!.state })}</Tag> },
        { title: t('sca.vex.justification'), key: 'just', render: (_: unknown, v) => (v.suppressed!.justification ? t(`sca.vex.justifications.${v.suppressed!.justification}`, { defaultValue: v.suppressed!.justification }) : '') },
        { title: t('sca.vex.detail'), key: 'detail', ellipsis: true, render: (_: unknown, v) => v.suppressed!.detail ?? '' },
        { title: t('sca.vex.source'), key: 'source', render: (_: unknown, v) => (v.suppressed!.source === 'VEX (scan parameter)' ? t('sca.vex.fromTask') : v.suppressed!.source) },
      ]}
    />
  );
}
