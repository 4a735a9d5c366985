/**
 * The dialogs' submit: validate (a failed form shows SPEC §5's "The information
 * is incorrect" message), mark saving, run, and show the server's error.
 */
import type { FormInstance } from 'antd';
import i18n from '../../locales/i18n.ts';
import { reportError } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';

export async function submitForm<T>(form: FormInstance<T>, setSaving: (saving: boolean) => void, run: (values: T) => Promise<void>): Promise<void> {
  let values: T;
  try {
    values = await form.validateFields();
  } catch {
    feedback.error(i18n.t('password.formInvalid'));
    return;
  }
  setSaving(true);
  try {
    await run(values);
  } catch (err) {
    reportError(err);
  } finally {
    setSaving(false);
  }
}
