// A dropdown menu with one choice among a few (language, colour mode, community), opened as it mounts:
// DeferredRadioMenu loads this module when its trigger is first used.
import type { ReactElement, ReactNode } from 'react';
import type { ButtonProps } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

export interface RadioMenuOption {
  value: string;
  label: string;
  icon?: ReactNode;
  lang?: string;
}

export interface RadioMenuProps {
  trigger: ReactElement<ButtonProps>;
  label: string;
  value: string;
  options: RadioMenuOption[];
  onValueChange: (value: string) => void;
  align?: 'start' | 'end';
}

export default function RadioMenu({
  trigger,
  label,
  value,
  options,
  onValueChange,
  align = 'end',
}: RadioMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={onValueChange}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} lang={option.lang}>
              {option.icon}
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
