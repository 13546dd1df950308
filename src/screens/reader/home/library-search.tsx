// The home page's search box: words of the text, a law number, a citation or a name, answered by
// the search screen (which resolves numbers and citations and searches every provision).
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { searchPath } from '../../../lib/search-address';

export function LibrarySearch() {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchPath(text));
  };
  return (
    <form role="search" onSubmit={submit} className="home-search">
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {intl.formatMessage({ id: 'home.search.label' })}
        </Text>
        <Flex gap="2">
          <TextField.Root
            id={id}
            type="search"
            size="3"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={intl.formatMessage({ id: 'home.search.placeholder' })}
            className="home-search-field"
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" size="3">
            {intl.formatMessage({ id: 'home.search.submit' })}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
