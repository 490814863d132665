import { Badge, Indicator, NavLink, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '@/domain/navigation/nav-items';
import { NAV_ICONS } from '../nav/nav-icons';
import classes from './sidebar.module.css';

interface NavRowProps {
  item: NavItem;
  active: boolean;
  /** Narrow sidebar: icon only, label in a tooltip, no star. */
  compact: boolean;
  badge?: number;
  /** Pulses for a moment to draw the eye (a new notification). */
  pulse?: boolean;
  favorite: boolean;
  onToggleFavorite: () => void;
  onNavigate?: () => void;
}

/** One navigation entry with its badge count and the favorite star beside it. */
export function NavRow({
  item,
  active,
  compact,
  badge,
  pulse = false,
  favorite,
  onToggleFavorite,
  onNavigate,
}: NavRowProps) {
  const { t } = useTranslation();
  const label = t(item.name);
  const Icon = NAV_ICONS[item.icon];
  const count = badge && badge > 0 ? badge : null;

  if (compact) {
    return (
      <Tooltip label={count ? `${label} (${count})` : label} position="right">
        <NavLink
          component={Link}
          to={item.href}
          onClick={onNavigate}
          active={active}
          aria-label={label}
          className={classes.compactLink}
          leftSection={
            <Indicator disabled={!count} label={count} size={16} offset={2}>
              <Icon size={22} stroke={1.7} />
            </Indicator>
          }
          data-nav-key={item.key}
          data-pulse={pulse || undefined}
        />
      </Tooltip>
    );
  }

  const starLabel = favorite ? t('shell.nav.unpin', { name: label }) : t('shell.nav.pin', { name: label });
  return (
    // A plain row and a plain button for the star: a dozen rows are in every desktop screen's first
    // render, and Mantine's group and action icon each add a styled box per row for no visible gain.
    <div className={classes.row}>
      <NavLink
        component={Link}
        to={item.href}
        onClick={onNavigate}
        active={active}
        label={label}
        leftSection={<Icon size={20} stroke={1.7} />}
        rightSection={
          count ? (
            <Badge
              size="sm"
              variant="filled"
              circle={count < 10}
              aria-label={t('shell.nav.badge', { count })}
            >
              {count}
            </Badge>
          ) : null
        }
        className={classes.link}
        data-nav-key={item.key}
        data-pulse={pulse || undefined}
      />
      <button
        type="button"
        aria-label={starLabel}
        aria-pressed={favorite}
        title={starLabel}
        onClick={onToggleFavorite}
        className={classes.star}
        data-favorite={favorite}
      >
        {favorite ? <IconStarFilled size={17} /> : <IconStar size={17} />}
      </button>
    </div>
  );
}
