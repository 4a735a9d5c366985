/**
 * Search box (SPEC §2): the caller's filter fields in an inline form with Reset
 * and Query buttons. Reset clears the fields and queries again.
 */
import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps<T extends object> {
  children: ReactNode;
  onSearch: (values: T) => void;
  onReset?: () => void;
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
}

export function SearchBox<T extends object>({ children, onSearch, onReset, form, initialValues }: SearchBoxProps<T>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<T>();
  const instance = form ?? own;
  return (
    <Form<T> form={instance} layout="inline" className="citadel-search" initialValues={initialValues} onFinish={onSearch} data-testid="search-box">
      {children}
      <Form.Item>
        <Space>
          <Button
            icon={<ReloadOutlined />}
            data-testid="search-reset"
            onClick={() => {
              instance.resetFields();
              if (onReset) onReset();
              else onSearch(instance.getFieldsValue());
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-query">
            {t('common.query')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
