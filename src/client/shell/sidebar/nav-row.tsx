import { Badge, Indicator } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '@/domain/navigation/nav-items';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
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

/**
 * One navigation entry with its badge count and the favorite star beside it.
 *
 * Plain elements styled like Mantine's nav link (`sidebar.module.css`), not the component: every
 * screen's first render holds all rows, and Mantine's link with its sections and button base made
 * eight more styled components per row, a fifth of a start's components. The narrow sidebar's
 * tooltip mounts on the first mouse over its row.
 */
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
  const link = {
    to: item.href,
    onClick: onNavigate,
    'data-active': active || undefined,
    'data-nav-key': item.key,
    'data-pulse': pulse || undefined,
  };

  if (compact) {
    const icon = <Icon size={22} stroke={1.7} />;
    return (
      <LazyTooltip label={count ? `${label} (${count})` : label} position="right">
        <Link
          {...link}
          aria-label={label}
          className={`mantine-focus-auto ${classes.navLink} ${classes.compactLink}`}
        >
          <span className={classes.navSection}>
            {count ? (
              <Indicator label={count} size={16} offset={2}>
                {icon}
              </Indicator>
            ) : (
              icon
            )}
          </span>
        </Link>
      </LazyTooltip>
    );
  }

  const starLabel = favorite ? t('shell.nav.unpin', { name: label }) : t('shell.nav.pin', { name: label });
  return (
    <div className={classes.row}>
      <Link {...link} className={`mantine-focus-auto ${classes.navLink} ${classes.link}`}>
        <span className={classes.navSection} data-position="left">
          <Icon size={20} stroke={1.7} />
        </span>
        <span className={classes.navBody}>
          <span className={classes.navLabel} data-nav-label>
            {label}
          </span>
        </span>
        {count ? (
          <span className={classes.navSection} data-position="right">
            <Badge
              size="sm"
              variant="filled"
              circle={count < 10}
              aria-label={t('shell.nav.badge', { count })}
            >
              {count}
            </Badge>
          </span>
        ) : null}
      </Link>
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
