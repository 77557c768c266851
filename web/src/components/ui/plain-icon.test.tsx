/** @jest-environment jsdom */
import '../../testing/polyfills';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import SvgIcon from '@mui/material/SvgIcon';
import type { SvgIconComponent } from '@mui/icons-material';
import { render } from '@testing-library/react';
import { PlainIcon } from './plain-icon';

const drawing = (svg: Element | null) => Array.from(svg?.querySelectorAll('path') ?? [], (p) => p.getAttribute('d'));

describe('PlainIcon', () => {
  it.each([
    ['EditOutlined', EditOutlined],
    ['History', History],
    ['AccountTreeOutlined', AccountTreeOutlined],
  ])('draws %s as MUI does, as a plain decorative SVG', (_name, Icon) => {
    const mui = render(<Icon fontSize="small" />).container.querySelector('svg');
    const plain = render(<PlainIcon of={Icon} />).container.querySelector('svg');
    expect(drawing(plain).length).toBeGreaterThan(0);
    expect(drawing(plain)).toEqual(drawing(mui));
    expect(plain?.getAttribute('viewBox')).toBe(mui?.getAttribute('viewBox'));
    expect(plain?.getAttribute('class')).toBe('plain-icon plain-icon-small');
    expect(plain?.getAttribute('aria-hidden')).toBe('true');
    expect(plain?.getAttribute('focusable')).toBe('false');
  });

  it('leaves an icon it cannot read to MUI', () => {
    const Custom = ((props: object) => (
      <SvgIcon {...props}>
        <path d="M0 0h24v24z" />
      </SvgIcon>
    )) as unknown as SvgIconComponent;
    const svg = render(<PlainIcon of={Custom} size="medium" />).container.querySelector('svg');
    expect(svg?.getAttribute('class')).toContain('MuiSvgIcon-fontSizeMedium');
    expect(drawing(svg)).toEqual(['M0 0h24v24z']);
  });
});
