/** Result sections of a firmware assessment: regions, file systems, components with CVEs, services. */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FwRegion, FwView } from './model.ts';

const hex = (n: number): string => `0x${n.toString(16)}`;

export function RegionsTable({ view }: { view: FwView }) {
  const { t } = useTranslation();
  const rows: (FwRegion & { key: string; depth: number })[] = [];
  const walk = (rs: FwRegion[], depth: number, prefix: string) =>
    rs.forEach((r, i) => {
      rows.push({ ...r, key: `${prefix}${i}`, depth });
      if (r.children) walk(r.children, depth + 1, `${prefix}${i}.`);
    });
  walk(view.regions, 0, '');
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        data-testid="firmware-regions"
        columns={[
          { title: t('firmware.offset'), render: (_: unknown, r) => `${'\u00a0\u00a0'.repeat(r.depth)}${hex(r.offset)}` },
          { title: t('firmware.length'), dataIndex: 'length' },
          { title: t('firmware.kind'), dataIndex: 'kind', render: (k: string) => <Tag color={k === 'unknown' ? 'orange' : k === 'padding' ? 'default' : 'blue'}>{t(`firmware.regionKinds.${k}`, { defaultValue: k })}</Tag> },
          { title: t('firmware.handler'), dataIndex: 'handler' },
          { title: t('firmware.entropy'), dataIndex: 'entropy' },
          { title: t('firmware.detail'), render: (_: unknown, r) => [r.detail, r.error].filter(Boolean).join('; ') },
        ]}
      />
      <Table
        size="small"
        style={{ marginTop: 12 }}
        pagination={false}
        rowKey="offset"
        dataSource={view.filesystems}
        data-testid="firmware-filesystems"
        columns={[
          { title: t('firmware.filesystems'), render: (_: unknown, f) => `${f.kind} ${f.variant}` },
          { title: t('firmware.offset'), render: (_: unknown, f) => hex(f.offset) },
          { title: t('firmware.declared'), dataIndex: 'declaredInodes' },
          { title: t('firmware.read'), dataIndex: 'readNodes' },
        ]}
      />
    </>
  );
}

export function ComponentsTable({ view }: { view: FwView }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(c) => `${c.name}@${c.version}`}
      dataSource={view.components}
      data-testid="firmware-components"
      columns={[
        { title: t('firmware.name'), dataIndex: 'name' },
        { title: t('firmware.version'), dataIndex: 'version' },
        { title: t('firmware.locations'), render: (_: unknown, c) => c.locations.slice(0, 3).join(', ') },
        {
          title: t('firmware.cves'),
          render: (_: unknown, c) =>
            view.cves
              .filter((v) => v.component === c.name && v.version === c.version)
              .map((v) => (
                <Tag key={v.id} color={(v.score ?? 0) >= 9 ? 'red' : 'orange'}>
                  {v.id}
                </Tag>
              )),
        },
      ]}
    />
  );
}

export function ServicesTable({ view }: { view: FwView }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(s) => `${s.program}|${s.startedBy ?? ''}`}
      dataSource={view.services}
      data-testid="firmware-services"
      columns={[
        { title: t('firmware.kind'), dataIndex: 'kind', render: (k: string) => t(`firmware.serviceKinds.${k}`, { defaultValue: k }) },
        { title: t('firmware.file'), dataIndex: 'program' },
        { title: '', render: (_: unknown, s) => (s.atBoot ? <Tag color="red">{t('firmware.atBoot')}</Tag> : <Tag>{t('firmware.shipped')}</Tag>) },
        { title: t('firmware.detail'), dataIndex: 'startedBy' },
      ]}
    />
  );
}
