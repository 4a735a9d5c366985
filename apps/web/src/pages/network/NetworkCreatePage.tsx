/**
 * New network / industrial evaluation: targets (hosts, addresses, CIDR
 * ranges), ports, the connection rate, and the administrator's scan policy
 * shown read-only beside them (a task cannot widen it). Sends a task whose
 * url is the target list and whose parameters are the ports and rate.
 */
import { useEffect, useState } from 'react';
import type { RouteNode } from '@citadel/contracts';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTask } from '../../api/tasks.ts';
import { feedback } from '../../app/feedback.ts';
import { PageCard } from '../../components/index.ts';
import { listPath } from '../../components/task-table/index.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type ScanPolicy, scanPolicy } from './api.ts';
import { badTarget, platformOf, portsValid } from './platform.ts';
import './texts.ts';

interface Values {
  targets: string;
  ports?: string;
  udpPorts?: string;
  rate?: number;
}

export function NetworkCreatePage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const platform = platformOf(node);
  const [form] = Form.useForm<Values>();
  const [policy, setPolicy] = useState<ScanPolicy | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    scanPolicy().then(
      (p) => {
        setPolicy(p);
        if (form.getFieldValue('rate') === undefined) form.setFieldsValue({ rate: p.maxRate });
      },
      () => setPolicy(null),
    );
  }, [form]);
  const back = () => navigate(`/${platform === 'ics' ? 'special/industrial' : 'special/network'}`);

  const submit = async (v: Values) => {
    setSubmitting(true);
    try {
      const params: Record<string, string> = {};
      if (v.ports?.trim()) params.ports = v.ports.trim();
      // UDP is probed protocol by protocol (SNMP, DNS, BACnet): the engine's own default list when both fields are empty.
      if (v.udpPorts?.trim()) params.udpPorts = v.udpPorts.trim();
      // Always sent, so the configured ceiling applies even when the user leaves the default.
      params.rate = String(v.rate ?? policy?.maxRate ?? 20);
      await createTask({ platform, url: v.targets.trim(), params });
      feedback.success(t('network.submitted'));
      const list = listPath(platform);
      navigate(list ?? `/${platform === 'ics' ? 'special/industrial' : 'special/network'}`);
    } catch {
      // The request layer showed the error.
    } finally {
      setSubmitting(false);
    }
  };

  const allowed = (on: boolean) => <Tag color={on ? 'orange' : 'green'}>{on ? t('network.allowed') : t('network.refused')}</Tag>;
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={submit} data-testid="network-create-form">
        <Form.Item
          name="targets"
          label={t('network.targets')}
          extra={t('network.targetsHelp')}
          rules={[
            { required: true, whitespace: true, message: t('network.targetsRequired') },
            { validator: async (_, value: string) => { const bad = value ? badTarget(value) : undefined; if (bad) throw new Error(t('network.targetsInvalid', { entry: bad })); } },
          ]}
        >
          <Input.TextArea rows={3} placeholder="192.168.1.10, 10.0.0.0/28, plc.example.com" data-testid="network-targets" />
        </Form.Item>
        <Form.Item name="ports" label={t('network.ports')} extra={t('network.portsHelp')} rules={[{ validator: async (_, value?: string) => { if (value && !portsValid(value)) throw new Error(t('network.portsInvalid')); } }]}>
          <Input placeholder={platform === 'ics' ? '102,502,2404,20000,44818' : '22,80,443,3306,5432,6379'} data-testid="network-ports" />
        </Form.Item>
        <Form.Item name="udpPorts" label={t('network.udpPorts')} extra={t('network.udpPortsHelp')} rules={[{ validator: async (_, value?: string) => { if (value && !portsValid(value)) throw new Error(t('network.portsInvalid')); } }]}>
          <Input placeholder={platform === 'ics' ? '161,47808' : '53,161'} data-testid="network-udp-ports" />
        </Form.Item>
        <Form.Item name="rate" label={t('network.rate')} extra={t('network.rateHelp', { max: policy?.maxRate ?? '-' })}>
          <InputNumber min={1} max={policy?.maxRate ?? 1000} data-testid="network-rate" />
        </Form.Item>
        <Descriptions title={t('network.policy')} size="small" column={1} bordered data-testid="network-policy" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('network.loopback')}>{policy ? allowed(policy.allowLoopback) : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('network.private')}>{policy ? allowed(policy.allowPrivate) : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('network.allowNetworks')}>{policy?.allowNetworks || t('network.none')}</Descriptions.Item>
          <Descriptions.Item label={t('network.denyNetworks')}>{policy?.denyNetworks || t('network.none')}</Descriptions.Item>
          <Descriptions.Item label={t('network.maxRate')}>{policy ? `${policy.maxRate}/s` : '-'}</Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon message={t('network.policyNote')} description={t('network.readOnly')} style={{ marginBottom: 16 }} />
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="network-submit">
            {t('network.submit')}
          </Button>
          <Button onClick={back}>{t('network.back')}</Button>
        </Space>
      </Form>
    </PageCard>
  );
}
