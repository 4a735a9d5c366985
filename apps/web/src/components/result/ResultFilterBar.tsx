/** The result filter bar (SPEC §3 filter state): risk levels, item result (default A = all), and for Android the MAIN/SDK range. */
import { Checkbox, Radio, Space, Typography } from 'antd';
import { ITEM_RESULTS, RISK_LEVELS, type RiskLevel } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import type { ResultFilter, ResultFilterValue, SdkFilterValue } from './filter.ts';

const RESULT_VALUES: ResultFilterValue[] = ['A', ...ITEM_RESULTS];
const SDK_VALUES: SdkFilterValue[] = ['ALL', 'MAIN', 'SDK'];

export function ResultFilterBar({ value, onChange, showSdk }: { value: ResultFilter; onChange: (next: ResultFilter) => void; showSdk: boolean }) {
  const { t } = useTranslation();
  const label = (text: string) => <Typography.Text type="secondary" style={{ minWidth: 64, display: 'inline-block' }}>{text}</Typography.Text>;
  return (
    <Space direction="vertical" size={10} style={{ width: '100%', padding: '12px 16px', background: '#fafafa', borderRadius: 4 }}>
      <div data-testid="result-filter-risk">
        {label(t('result.filter.risk'))}
        <Checkbox.Group
          value={value.risk}
          onChange={(risk) => onChange({ ...value, risk: risk as RiskLevel[] })}
          options={RISK_LEVELS.map((r) => ({ value: r, label: t(`result.risk.${r}`) }))}
        />
      </div>
      <div data-testid="result-filter-result">
        {label(t('result.filter.result'))}
        <Radio.Group
          size="small"
          optionType="button"
          value={value.result}
          onChange={(e) => onChange({ ...value, result: e.target.value as ResultFilterValue })}
          options={RESULT_VALUES.map((r) => ({ value: r, label: r === 'A' ? t('result.filter.all') : t(`result.itemResult.${r}`) }))}
        />
      </div>
      {showSdk ? (
        <div data-testid="result-filter-sdk">
          {label(t('result.filter.sdk'))}
          <Radio.Group
            size="small"
            optionType="button"
            value={value.sdk}
            onChange={(e) => onChange({ ...value, sdk: e.target.value as SdkFilterValue })}
            options={SDK_VALUES.map((s) => ({ value: s, label: t(`result.filter.sdkRange.${s}`) }))}
          />
        </div>
      ) : null}
    </Space>
  );
}
