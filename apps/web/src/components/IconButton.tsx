/** An icon-only button with a tooltip that opens after 500 ms (SPEC §9). */
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';

export const TOOLTIP_DELAY_S = 0.5;

export interface IconButtonProps extends Omit<ButtonProps, 'icon' | 'title'> {
  icon: ReactNode;
  tip: string;
}

export function IconButton({ icon, tip, type = 'text', ...rest }: IconButtonProps) {
  return (
    <Tooltip title={tip} mouseEnterDelay={TOOLTIP_DELAY_S}>
      <Button type={type} icon={icon} aria-label={tip} {...rest} />
    </Tooltip>
  );
}
