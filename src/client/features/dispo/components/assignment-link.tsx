import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface AssignmentLinkProps extends AnchorProps {
  id: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** A link to /dispo/assignments/{id}, styled as a Mantine Anchor. */
export function AssignmentLink({ id, children, ...props }: AssignmentLinkProps) {
  return (
    <Anchor
      {...props}
      renderRoot={(rootProps) => <Link {...rootProps} to="/dispo/assignments/$id" params={{ id }} />}
    >
      {children}
    </Anchor>
  );
}
