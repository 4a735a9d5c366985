/** The third-party SDKs an engine recognised: name, category, matched package prefix / framework, version. */
import { Table, Tag, Typography } from 'antd';
import type { ThirdPartySdk } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';

export function SdkTable({ sdks }: { sdks: ThirdPartySdk[] }) {
  const { t } = useTranslation();
  return (
    <Table<ThirdPartySdk>
      data-testid="sdk-table"
      size="middle"
      bordered
      rowKey={(s) => `${s.name}|${s.matched}`}
      dataSource={sdks}
      pagination={sdks.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      columns={[
        { key: 'name', title: t('result.sdk.name'), render: (_, s) => <span style={{ fontWeight: 500 }}>{s.name}</span> },
        { key: 'category', title: t('result.sdk.category'), width: 120, render: (_, s) => <Tag>{t(`evaluation.category.${s.category}`)}</Tag> },
        { key: 'matched', title: t('result.sdk.matched'), render: (_, s) => <Typography.Text code>{s.matched}</Typography.Text> },
        { key: 'version', title: t('result.sdk.version'), width: 120, render: (_, s) => s.version || '-' },
      ]}
    />
  );
}
