// The sections of the side navigation, in order.
import {
  CardStackIcon,
  FileTextIcon,
  GroupIcon,
  HomeIcon,
  LayersIcon,
  MagnifyingGlassIcon,
  MixerHorizontalIcon,
  Pencil2Icon,
} from '@radix-ui/react-icons';

export const NAV_ITEMS = [
  { href: '/', label: 'shell.nav.home', Icon: HomeIcon },
  { href: '/documents', label: 'shell.nav.documents', Icon: FileTextIcon },
  { href: '/search', label: 'shell.nav.search', Icon: MagnifyingGlassIcon },
  { href: '/collections', label: 'shell.nav.collections', Icon: CardStackIcon },
  { href: '/editor', label: 'shell.nav.editor', Icon: Pencil2Icon },
  { href: '/memory', label: 'shell.nav.memory', Icon: LayersIcon },
  { href: '/teams', label: 'shell.nav.teams', Icon: GroupIcon },
  { href: '/tools', label: 'shell.nav.tools', Icon: MixerHorizontalIcon },
] as const;

/** A section is current on its own page and on the pages below it (home only on itself). */
export function isCurrentSection(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
