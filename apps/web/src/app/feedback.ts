/**
 * Global message API for code outside React (the request layer). The
 * <FeedbackBridge/> inside antd's <App> installs the themed instance; before that
 * the static antd `message` is used.
 */
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | null = null;

export function installMessage(api: MessageInstance): void {
  instance = api;
}

function api(): MessageInstance {
  return instance ?? staticMessage;
}

export const feedback = {
  success: (text: string): void => void api().success(text),
  error: (text: string): void => void api().error(text),
  warning: (text: string): void => void api().warning(text),
  info: (text: string): void => void api().info(text),
};
