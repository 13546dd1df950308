// A breadcrumb trail: the places above the page (a link each, or plain text for a place that has
// no page of its own), then the page itself (aria-current). One look for every screen that has one.
import { Fragment } from 'react';
import { Link as RouterLink } from 'wouter';
import { Link, Text } from '@radix-ui/themes';
import { ChevronRightIcon } from '@radix-ui/react-icons';
import type { Crumb } from './trails';
import './breadcrumbs.css';

export function Breadcrumbs({ label, crumbs, current }: { label: string; crumbs: readonly Crumb[]; current: string }) {
  const separator = (
    <li aria-hidden className="breadcrumbs-separator">
      <ChevronRightIcon />
    </li>
  );
  return (
    <nav aria-label={label}>
      <ol className="breadcrumbs">
        {crumbs.map((crumb, index) => (
          <Fragment key={index}>
            <li className="breadcrumbs-item">
              {crumb.href !== undefined ? (
                <Link asChild size="2">
                  <RouterLink href={`~${crumb.href}`}>{crumb.label}</RouterLink>
                </Link>
              ) : (
                <Text size="2" color="gray">
                  {crumb.label}
                </Text>
              )}
            </li>
            {separator}
          </Fragment>
        ))}
        <li aria-current="page" className="breadcrumbs-item">
          <Text size="2" color="gray" className="breadcrumbs-current">
            {current}
          </Text>
        </li>
      </ol>
    </nav>
  );
}
