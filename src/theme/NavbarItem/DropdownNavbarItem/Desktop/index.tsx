/**
 * Ejected from @docusaurus/theme-classic 3.10.2, src/theme/NavbarItem/DropdownNavbarItem/Desktop/index.tsx
 * (MIT, Facebook, Inc. and its affiliates).
 *
 * Why ejected: a navbar dropdown must be operable by keyboard alone (see ARCHITECTURE.md,
 * 'Accessibility'), and upstream closes it only on a click, touch or focus elsewhere, never on
 * Escape. Whether it is open is this component's own state, which a wrapper cannot reach (short of
 * faking a mousedown outside it). The only change: Escape, while focus is inside an open dropdown,
 * closes it and puts focus on its toggle link.
 */
import { useState, useRef, useEffect, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import NavbarItem from '@theme/NavbarItem';
import type { Props } from '@theme/NavbarItem/DropdownNavbarItem/Desktop';

export default function DropdownNavbarItemDesktop({
  items,
  position,
  className,
  // Taken out (as upstream does) so that it is not passed on to the toggle link.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  onClick,
  ...props
}: Props): ReactNode {
  const dropdownRef = useRef<HTMLDivElement>(null);
  const [showDropdown, setShowDropdown] = useState(false);

  useEffect(() => {
    const handleClickOutside = (event: MouseEvent | TouchEvent | FocusEvent) => {
      if (!dropdownRef.current || dropdownRef.current.contains(event.target as Node)) {
        return;
      }
      setShowDropdown(false);
    };

    document.addEventListener('mousedown', handleClickOutside);
    document.addEventListener('touchstart', handleClickOutside);
    document.addEventListener('focusin', handleClickOutside);

    return () => {
      document.removeEventListener('mousedown', handleClickOutside);
      document.removeEventListener('touchstart', handleClickOutside);
      document.removeEventListener('focusin', handleClickOutside);
    };
  }, [dropdownRef]);

  // Added: Escape closes the open dropdown and gives focus back to its toggle.
  const handleEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !showDropdown) {
      return;
    }
    event.preventDefault();
    setShowDropdown(false);
    dropdownRef.current?.querySelector<HTMLElement>(':scope > [aria-haspopup]')?.focus();
  };

  return (
    <div
      ref={dropdownRef}
      className={clsx('navbar__item', 'dropdown', 'dropdown--hoverable', {
        'dropdown--right': position === 'right',
        'dropdown--show': showDropdown,
      })}
      onKeyDown={handleEscape}
    >
      <NavbarNavLink
        aria-haspopup="true"
        aria-expanded={showDropdown}
        role="button"
        // # hash permits to make the <a> tag focusable in case no link target
        // See https://github.com/facebook/docusaurus/pull/6003
        // There's probably a better solution though...
        href={props.to ? undefined : '#'}
        className={clsx('navbar__link', className)}
        {...props}
        onClick={
          props.to
            ? undefined
            : (e) => {
                e.preventDefault();
              }
        }
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setShowDropdown(!showDropdown);
          }
        }}
      >
        {props.children ?? props.label}
      </NavbarNavLink>
      <ul className="dropdown__menu">
        {items.map((childItemProps, i) => (
          <NavbarItem isDropdownItem activeClassName="dropdown__link--active" {...childItemProps} key={i} />
        ))}
      </ul>
    </div>
  );
}
