// Light, dark or system colour theme, as a menu in the header. The atom keeps the choice.
import { useIntl } from 'react-intl';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { DesktopIcon, MoonIcon, SunIcon } from '@radix-ui/react-icons';
import { useAtom } from '../../atoms/store';
import { themeChoiceAtom, type ThemeChoice } from '../../atoms/shell/theme.atoms';

const CHOICES: { value: ThemeChoice; Icon: typeof SunIcon }[] = [
  { value: 'light', Icon: SunIcon },
  { value: 'dark', Icon: MoonIcon },
  { value: 'system', Icon: DesktopIcon },
];

const isThemeChoice = (value: string): value is ThemeChoice => CHOICES.some((choice) => choice.value === value);

export function ThemeToggle() {
  const intl = useIntl();
  const [choice, setChoice] = useAtom(themeChoiceAtom);
  const Current = CHOICES.find((item) => item.value === choice)?.Icon ?? DesktopIcon;
  const nameOf = (value: ThemeChoice) => intl.formatMessage({ id: `shell.theme.${value}` });

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          size="2"
          aria-label={intl.formatMessage({ id: 'shell.theme.label' }, { value: nameOf(choice) })}
        >
          <Current width="18" height="18" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => isThemeChoice(value) && setChoice(value)}>
          {CHOICES.map(({ value, Icon }) => (
            <DropdownMenu.RadioItem key={value} value={value}>
              <Icon aria-hidden /> {nameOf(value)}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
