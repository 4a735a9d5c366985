/** The search box of the lists that filter by one text field (SPEC §2: the field, Reset and Query). */
import { Form, Input } from 'antd';
import { SearchBox } from '../SearchBox.tsx';

export interface KeywordSearchProps<N extends string> {
  /** The filter's name, as the list API takes it (`search`, `keyword`, …). */
  name: N;
  label: string;
  placeholder?: string;
  testId?: string;
  width?: number;
  maxLength?: number;
  onSearch: (values: Partial<Record<N, string>>) => void;
}

export function KeywordSearch<N extends string>({ name, label, placeholder, testId, width = 240, maxLength, onSearch }: KeywordSearchProps<N>) {
  return (
    <SearchBox<Partial<Record<N, string>>> onSearch={onSearch}>
      {/* Form.Item's name type is derived from the form values; the field is the one named. */}
      <Form.Item name={name as string} label={label}>
        <Input allowClear placeholder={placeholder} maxLength={maxLength} style={{ width }} {...(testId ? { 'data-testid': testId } : {})} />
      </Form.Item>
    </SearchBox>
  );
}
