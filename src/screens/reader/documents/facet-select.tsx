// One labelled drop-down of the documents list (a facet or the sort): 'All' clears it.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Flex, Select, Text } from '@radix-ui/themes';

/** Radix Select needs a non-empty value for every item; this one stands for "no filter". */
const ANY = '*';

export interface FacetOption {
  value: string;
  label: string;
  count?: number;
}

export function FacetSelect({
  label,
  value,
  options,
  onChange,
  allowAny = true,
}: {
  label: string;
  value: string | undefined;
  options: FacetOption[];
  onChange: (value: string | undefined) => void;
  allowAny?: boolean;
}) {
  const intl = useIntl();
  const labelId = useId();
  return (
    <Flex direction="column" gap="1" minWidth="150px" className="facet-select">
      <Text id={labelId} size="2" weight="medium">
        {label}
      </Text>
      <Select.Root value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? undefined : next)}>
        <Select.Trigger aria-labelledby={labelId} />
        <Select.Content position="popper">
          {allowAny && <Select.Item value={ANY}>{intl.formatMessage({ id: 'reader.list.facet.any' })}</Select.Item>}
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.count === undefined
                ? option.label
                : intl.formatMessage({ id: 'reader.list.facet.option' }, { label: option.label, count: option.count })}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
