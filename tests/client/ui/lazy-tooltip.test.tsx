import { ActionIcon, Tooltip } from '@mantine/core';
import type * as Mantine from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { renderWithProviders, useEnglish } from '../support/render';

// Mantine's tooltip, counted: the point is that it is not rendered before a mouse comes.
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof Mantine>();
  return { ...mantine, Tooltip: vi.fn(mantine.Tooltip) };
});

describe('LazyTooltip', () => {
  it('mounts nothing until a mouse rests on its element, then opens and closes with the pointer', async () => {
    await useEnglish();
    const ownEnter = vi.fn();
    renderWithProviders(
      <LazyTooltip label="Sidebar ausblenden">
        <ActionIcon aria-label="Seitenleiste" onPointerEnter={ownEnter}>
          x
        </ActionIcon>
      </LazyTooltip>,
    );
    const button = await screen.findByRole('button', { name: 'Seitenleiste' });
    expect(screen.queryByText('Sidebar ausblenden')).not.toBeInTheDocument();
    expect(Tooltip).not.toHaveBeenCalled();

    // A finger or a pen does not open it (Mantine's default: hover tooltips are for mice).
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    expect(screen.queryByText('Sidebar ausblenden')).not.toBeInTheDocument();
    expect(Tooltip).not.toHaveBeenCalled();

    button.focus();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(await screen.findByText('Sidebar ausblenden')).toBeInTheDocument();
    // The element is not rebuilt when the tooltip mounts beside it: same node, focus kept.
    expect(screen.getByRole('button', { name: 'Seitenleiste' })).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(ownEnter).toHaveBeenCalledTimes(2);
    expect(Tooltip).toHaveBeenCalled();

    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByText('Sidebar ausblenden')).not.toBeInTheDocument());
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(await screen.findByText('Sidebar ausblenden')).toBeInTheDocument();
  });
});
