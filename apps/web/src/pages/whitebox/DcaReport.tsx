/**
 * The DCA self-assessment of a library: the verdict (resists first-order DCA up to N
 * traces, or fell at N — never "secure"), and bytes recovered / key-rank bound per attack
 * and trace count for the white-box and the plain-table baseline. Reports from before
 * the per-attack assessment show their single series.
 */
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DcaPoint, DcaSeries, LibraryReport } from './api.ts';
import './texts.ts';

type Dca = NonNullable<LibraryReport['dca']>;

export function DcaReport({ dca, algorithm }: { dca: Dca; algorithm: string }) {
  const { t } = useTranslation();
  const L = (k: string, o?: Record<string, unknown>) => t(`whitebox.library.${k}`, o ?? {});
  const checkpoints = dca.whitebox.points.map((p) => p.traces);
  const fellAt = dca.resistedUpTo !== undefined && !dca.resisted ? checkpoints.find((n) => n > dca.resistedUpTo!) : undefined;
  const verdict =
    dca.resistedUpTo === undefined
      ? dca.resisted ? L('dcaResisted') : L('dcaFell')
      : dca.resisted ? L('dcaResistedUpTo', { n: dca.resistedUpTo }) : L('dcaFellAt', { n: fellAt ?? checkpoints[0] });
  const cell = (p: DcaPoint | undefined) => (p ? `${p.recovered}/${p.total}${p.log2KeyRank !== undefined ? ` · 2^${p.log2KeyRank.toFixed(0)}` : ''}` : '-');
  const impl = (s: 'whitebox' | 'plain') => (s === 'whitebox' ? L('whiteboxImpl') : L('plainImpl'));
  const rows = dca.attacks
    ? (['whitebox', 'plain'] as const).flatMap((s) =>
        dca.attacks!.map((a) => ({ key: `${s}-${a.side}-${a.distinguisher}`, impl: impl(s), attack: `${L(`sides.${a.side}`)} · ${L(`distinguishers.${a.distinguisher}`)}`, points: a[s] })),
      )
    : ([dca.whitebox, dca.plain] as DcaSeries[]).map((s) => ({ key: s.implementation, impl: impl(s.implementation === 'white-box' ? 'whitebox' : 'plain'), attack: '', points: s.points }));
  const description = [
    `${L('dcaMethod')}: ${L('dcaMethodText')}.`,
    `${L('dcaTarget')}: ${algorithm === 'sm4' ? L('dcaTargetSm4') : L('dcaTargetAes')}.`,
    dca.chanceBytes !== undefined ? `${L('chance', { n: dca.chanceBytes })}.` : '',
    dca.masked ? L('dcaMaskCaveat') : '',
  ].filter(Boolean).join(' ');
  return (
    <>
      <h4 style={{ marginTop: 16 }}>
        {L('dca')} {dca.masked && <Tag color="blue" data-testid="wb-dca-masked">{L('dcaMasked')}</Tag>}
      </h4>
      <Alert type={dca.resisted ? 'info' : 'warning'} showIcon message={verdict} description={description} data-testid="wb-dca" />
      <Table
        size="small"
        pagination={false}
        style={{ marginTop: 8 }}
        scroll={{ x: true }}
        dataSource={rows}
        columns={[
          { title: '', dataIndex: 'impl', width: 150 },
          { title: L('attack'), dataIndex: 'attack', width: 170 },
          ...checkpoints.map((n, i) => ({
            title: `${L('traces')} ${n}`,
            key: String(n),
            render: (_: unknown, r: (typeof rows)[number]) => cell(r.points[i]),
          })),
        ]}
      />
      <div style={{ marginTop: 4, color: '#888' }}>{`${L('recovered')} · ${L('keyRank')} (log2)`}</div>
    </>
  );
}
