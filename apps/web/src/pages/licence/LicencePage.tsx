/**
 * System → licence (issue 30): the licence in force — customer, validity,
 * licensed modules and products with their counts and usage — and upload of a
 * licence file (verified on the server against the embedded vendor key) or its
 * withdrawal.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Popconfirm, Space, Table, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { EVALUATIONS, ROUTES, SPECIAL_EVALUATIONS, can, walkRoutes, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type Licence, type LicenceStatus, deleteLicence, licenceInfo, uploadLicence } from './api.ts';
import './texts.ts';

const MAX_FILE = 64 * 1024;

export function LicencePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const [info, setInfo] = useState<{ status: LicenceStatus; licence: Licence | null } | null>(null);
  const reload = useCallback(() => licenceInfo().then(setInfo, reportError), []);
  useEffect(() => void reload(), [reload]);

  const productTitle = (p: string) => {
    const e = EVALUATIONS.find((x) => x.platform === p);
    if (e) return title(e.title);
    const key = SPECIAL_EVALUATIONS.find((x) => x.platform === p)?.key;
    const n = key ? walkRoutes().find((x) => x.key === key) : undefined;
    return n ? title(n.title) : p;
  };
  const moduleTitle = (m: string) => {
    const r = ROUTES.find((x) => x.key === m);
    return r ? title(r.title) : m;
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE) return feedback.error(t('licence.upload'));
    try {
      await uploadLicence(await file.text());
      feedback.success(t('common.operationSuccess'));
      void reload();
    } catch (err) {
      reportError(err);
    }
  };
  const lic = info?.licence;
  const editable = can(subject, node.key, 'edit');
  const period = (a?: number, b?: number) => (a || b ? `${a ? formatTime(a) : '—'} ~ ${b ? formatTime(b) : '—'}` : '—');

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        editable ? (
          <Space>
            <label className="ant-btn ant-btn-primary" style={{ cursor: 'pointer' }}>
              <UploadOutlined /> {t('licence.upload')}
              <input type="file" accept=".lic,.json,.txt" style={{ display: 'none' }} data-testid="licence-file" onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
            </label>
            {lic ? (
              <Popconfirm title={t('licence.removeConfirm')} onConfirm={() => deleteLicence().then(reload, reportError)}>
                <Button danger>{t('licence.remove')}</Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null
      }
    >
      {!info ? null : !lic ? (
        <Alert type="info" showIcon message={t('licence.none')} data-testid="licence-none" />
      ) : (
        <>
          <Descriptions bordered size="small" column={2} data-testid="licence-info">
            <Descriptions.Item label={t('licence.customer')}>{lic.customer}</Descriptions.Item>
            <Descriptions.Item label={t('licence.state')}>
              <Tag color={info.status.state === 'valid' ? (info.status.grace ? 'orange' : 'green') : 'red'} data-testid="licence-state">{t(`licence.states.${info.status.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('licence.id')}>{lic.licence_id}</Descriptions.Item>
            <Descriptions.Item label={t('licence.issued')}>{formatTime(lic.issued_at)}</Descriptions.Item>
            <Descriptions.Item label={t('licence.window')} span={2}>{period(lic.not_before, lic.not_after)}</Descriptions.Item>
            <Descriptions.Item label={t('licence.modules')} span={2}>{lic.modules ? lic.modules.map((m) => <Tag key={m}>{moduleTitle(m)}</Tag>) : t('licence.allModules')}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('licence.products')}</h4>
          <Table
            size="small"
            rowKey="product"
            pagination={false}
            data-testid="licence-products"
            dataSource={Object.entries(lic.products).map(([product, g]) => ({ product, ...g, used: lic.usage[product] ?? 0 }))}
            columns={[
              { title: t('licence.product'), dataIndex: 'product', render: productTitle },
              { title: t('licence.tasks'), dataIndex: 'tasks', render: (v?: number) => v ?? t('licence.unlimited') },
              { title: t('licence.used'), dataIndex: 'used' },
              { title: t('licence.perUser'), dataIndex: 'per_user', render: (v?: number) => v ?? t('licence.unlimited') },
              { title: t('licence.productWindow'), key: 'w', render: (_v, r) => period(r.not_before, r.not_after) },
            ]}
          />
        </>
      )}
    </PageCard>
  );
}
