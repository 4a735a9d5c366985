/** Library detail drawer: its fields, generation progress, verification checks, throughput and the DCA self-assessment. */
import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Progress, Table, Tag } from 'antd';
import { formatFileSize } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/task-table/format.ts';
import { type LibraryReport, type LibraryRow, libraryDetail } from './api.ts';
import { DcaReport } from './DcaReport.tsx';
import './texts.ts';

export function LibraryDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [row, setRow] = useState<(LibraryRow & { report: LibraryReport | null }) | null>(null);
  useEffect(() => {
    setRow(null);
    if (id === null) return;
    let stop = false;
    const load = async () => {
      try {
        const d = await libraryDetail(id);
        if (stop) return;
        setRow(d);
        if (d.generation_status === 'queued' || d.generation_status === 'generating') setTimeout(() => void load(), 2000);
      } catch {
        // shown by the request layer
      }
    };
    void load();
    return () => {
      stop = true;
    };
  }, [id]);

  const L = (k: string) => t(`whitebox.library.${k}`);
  const dca = row?.report?.dca;
  return (
    <Drawer open={id !== null} onClose={onClose} width={820} title={row ? `${row.name} (${row.logo})` : ''} destroyOnHidden>
      {row && (
        <div data-testid="wb-lib-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={L('algorithm')}>{row.algorithm.toUpperCase()}</Descriptions.Item>
            <Descriptions.Item label={L('key')}>{row.key_name}</Descriptions.Item>
            <Descriptions.Item label={L('type')}>{L(`types.${row.build_type}`)}</Descriptions.Item>
            <Descriptions.Item label={L('platform')}>{row.platforms.map((p) => L(`platforms.${p}`)).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={L('purpose')}>{row.directions.map((d) => L(`purposes.${d}`)).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={L('mode')}>{row.modes.map((m) => m.toUpperCase()).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={L('padding')}>{L(`paddings.${row.padding}`)}</Descriptions.Item>
            <Descriptions.Item label={L('preference')}>{L(`preferences.${row.preference}`)}</Descriptions.Item>
            <Descriptions.Item label={L('android')}>{row.android_packages.join(', ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={L('ios')}>{row.ios_bundle_ids.join(', ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={L('antiTheft')}>{row.anti_theft ? t('whitebox.enabled') : t('whitebox.disabled')}</Descriptions.Item>
            <Descriptions.Item label={L('addTime')}>{formatTime(row.created_at)}</Descriptions.Item>
            <Descriptions.Item label={L('generationStatus')} span={2}>
              <Tag color={row.generation_status === 'succeeded' ? 'green' : row.generation_status === 'failed' ? 'red' : 'blue'} data-testid="wb-detail-status">
                {L(`gen.${row.generation_status}`)}
              </Tag>
              {(row.generation_status === 'generating' || row.generation_status === 'queued') && <Progress percent={row.progress} size="small" style={{ width: 240 }} />}
              {row.step && `${L('step')}: ${row.step}`}
            </Descriptions.Item>
            {row.fail_msg && <Descriptions.Item label={L('failMsg')} span={2}>{row.fail_msg}</Descriptions.Item>}
            {row.table_bytes !== null && <Descriptions.Item label={L('tableBytes')}>{formatFileSize(row.table_bytes)}</Descriptions.Item>}
            {row.file_size !== null && <Descriptions.Item label={L('fileSize')}>{formatFileSize(row.file_size)}</Descriptions.Item>}
            {row.report?.throughput && (
              <Descriptions.Item label={L('throughput')} span={2}>
                {`${row.report.throughput.wbtoolMBps.toFixed(2)} MB/s · ${L('reference')} ${row.report.throughput.reference}: ${row.report.throughput.referenceMBps.toFixed(1)} MB/s`}
              </Descriptions.Item>
            )}
          </Descriptions>
          {dca && <DcaReport dca={dca} algorithm={row.algorithm} />}
          {row.report && (
            <>
              <h4 style={{ marginTop: 16 }}>{L('checks')}</h4>
              <Table
                size="small"
                pagination={false}
                rowKey="name"
                dataSource={row.report.checks}
                columns={[
                  { title: '', dataIndex: 'ok', width: 50, render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? '✓' : '✗'}</Tag> },
                  { title: L('checks'), dataIndex: 'name', width: 260 },
                  { title: '', dataIndex: 'detail' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
