import { Anchor, type AnchorProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

interface TileLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A link to another screen by URL (callers know the lists' search params only as URLs, see lib/links): a real
 * <a> for middle-click and new tabs, a router navigation for a plain click.
 */
export function TileLink({ href, children, ...props }: TileLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <Anchor href={href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
