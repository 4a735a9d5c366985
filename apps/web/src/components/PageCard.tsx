/** The portal's card: a titled panel with an optional toolbar on the right. */
import type { ReactNode } from 'react';
import { Card } from 'antd';

export function PageCard({ title, extra, children, testId }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card className="citadel-card" title={title} extra={extra} variant="borderless" data-testid={testId}>
      {children}
    </Card>
  );
}
