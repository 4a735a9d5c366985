/** Menu icon names of the route table → antd icons. */
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  ControlOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LockOutlined,
  ProfileOutlined,
  RadarChartOutlined,
  SafetyOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  safety: <SafetyOutlined />,
  experiment: <ExperimentOutlined />,
  profile: <ProfileOutlined />,
  lock: <LockOutlined />,
  appstore: <AppstoreOutlined />,
  tool: <ToolOutlined />,
  'bar-chart': <BarChartOutlined />,
  control: <ControlOutlined />,
  team: <TeamOutlined />,
  key: <KeyOutlined />,
  info: <InfoCircleOutlined />,
  radar: <RadarChartOutlined />,
};

export function menuIcon(name: string | undefined, topLevel: boolean): ReactNode {
  if (!name) return topLevel ? <FileOutlined /> : undefined;
  return ICONS[name] ?? <FileOutlined />;
}
