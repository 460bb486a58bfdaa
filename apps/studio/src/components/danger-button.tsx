import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small red button of a destructive action in a row (delete, revoke, unpublish, remove). */
export function DangerButton({
  children,
  onClick,
  ...props
}: ButtonProps & { children: ReactNode; onClick(): void }) {
  return (
    <Button size="compact-sm" variant="subtle" color="red" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
