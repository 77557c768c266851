/** @jest-environment jsdom */
import '../../testing/polyfills';
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { SerializedStyles } from '@emotion/serialize';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Autocomplete from '@mui/material/Autocomplete';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { rtlBlocks, rtlDeclarations } from './rtl-flip';
import { DEFAULT_SETTINGS, type DisplaySettings } from './settings-store';
import { buildTheme } from './theme';

interface Input {
  selector: string;
  serialized: SerializedStyles;
}

/** Every style emotion was asked to insert while `ui` rendered right to left with the console's theme. */
function stylesOf(settings: DisplaySettings, ui: React.ReactNode): Input[] {
  const cache = createCache({ key: 'rec' });
  const inputs: Input[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    inputs.push({ selector, serialized });
    return insert(selector, serialized, sheet, shouldCache);
  };
  const view = render(
    <CacheProvider value={cache}>
      <ThemeProvider theme={buildTheme(settings, true)}>
        <CssBaseline />
        {ui}
      </ThemeProvider>
    </CacheProvider>,
  );
  view.unmount();
  return inputs;
}

/** The rules a cache with these plugins makes of one input. */
function rulesOf(plugins: StylisPlugin[], input: Input): string[] {
  const cache = createCache({ key: 'cmp', stylisPlugins: plugins });
  const rules: string[] = [];
  const sheet = { insert: (rule: string) => void rules.push(rule) } as unknown as Parameters<EmotionCache['insert']>[2];
  cache.insert(input.selector, input.serialized, sheet, false);
  return rules;
}

const PLUGIN = [prefixer, rtlPlugin];
const FLIP = [rtlDeclarations, prefixer, rtlBlocks];
const LTR = [prefixer];

/** Most of what the console draws with MUI, open where it opens. */
function Gallery() {
  const anchor = document.body;
  return (
    <>
      <AppBar position="fixed">
        <Toolbar>
          <IconButton edge="start">
            <Add />
          </IconButton>
          <Typography variant="h6">Title</Typography>
        </Toolbar>
      </AppBar>
      <Drawer variant="persistent" anchor="left" open>
        <List>
          <ListItemButton selected>
            <ListItemText primary="Entry" secondary="More" />
          </ListItemButton>
        </List>
      </Drawer>
      <Breadcrumbs>
        <span>a</span>
        <span>b</span>
      </Breadcrumbs>
      <Paper sx={{ p: 2, ml: 1, mr: 3, pl: '4px', borderLeft: 2, textAlign: 'left' }}>
        <Button variant="contained" startIcon={<Add />}>
          Add
        </Button>
        <Button variant="outlined" endIcon={<Add />} size="small">
          More
        </Button>
        <ButtonGroup>
          <Button>1</Button>
          <Button>2</Button>
        </ButtonGroup>
        <TextField label="Name" size="small" />
        <TextField
          label="Amount"
          variant="standard"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <TextField select label="Pick" value="a" size="small">
          <MenuItem value="a">A</MenuItem>
        </TextField>
        <Autocomplete options={['one', 'two']} open renderInput={(p) => <TextField {...p} label="Find" />} />
        <FormControlLabel control={<Switch defaultChecked />} label="On" />
        <FormControlLabel control={<Checkbox indeterminate />} label="Some" />
        <Chip label="Chip" onDelete={() => undefined} size="small" />
        <Slider defaultValue={[20, 40]} marks valueLabelDisplay="on" />
        <ToggleButtonGroup value="a" exclusive>
          <ToggleButton value="a">A</ToggleButton>
          <ToggleButton value="b">B</ToggleButton>
        </ToggleButtonGroup>
        <Tabs value={0} variant="scrollable" scrollButtons="auto">
          <Tab label="One" />
          <Tab label="Two" />
        </Tabs>
        <Alert severity="warning" onClose={() => undefined}>
          Careful
        </Alert>
        <LinearProgress />
        <LinearProgress variant="buffer" value={40} valueBuffer={60} />
        <CircularProgress />
        <Divider textAlign="left">Part</Divider>
        <Card>
          <CardHeader title="Card" action={<IconButton>x</IconButton>} />
          <CardContent>Body</CardContent>
        </Card>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell align="right">#</TableCell>
              <TableCell padding="checkbox">
                <Checkbox />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow hover selected>
              <TableCell align="left">1</TableCell>
              <TableCell>2</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Paper>
      <Menu open anchorEl={anchor}>
        <MenuItem>Item</MenuItem>
      </Menu>
      <Dialog open>
        <DialogTitle>Dialog</DialogTitle>
        <DialogContent>Text</DialogContent>
        <DialogActions>
          <Button>Close</Button>
        </DialogActions>
      </Dialog>
      <Snackbar open message="Saved" anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} />
    </>
  );
}

/** Rules cssjanus treats alike either way, and the corner cases of how the plugin reaches them. */
const CORNERS: Input[] = [
  '.a{margin-left:1px;.b{padding:1px 2px 3px 4px;}@media (min-width:600px){left:0;}}',
  '.k{border-radius:4px 0;}.l{border-radius:2px 4px 6px;}',
  '.c{border-radius:4px 0 0 4px;box-shadow:2px 3px 4px red;text-shadow:1px 1px red;cursor:e-resize;direction:ltr;float:right;clear:left;text-align:left;}',
  '.d{transform:translate(14px, 9px) scale(1);transform:translateX(-3px);background-position:10% 0;background:url(a.png) 25% 50%;}',
  '.e{border-color:red green blue yellow;border-style:solid none dashed dotted;border-width:1px 2px 3px 4px;margin:0 auto;padding:0 8px 0 0 !important;}',
  '.f{position:absolute;/* @noflip */left:0px;top:0;right:1px;}',
  '.p{direction:ltr /*! @noflip */;outline:none;}',
  '.g::placeholder{padding-left:4px;}.g:read-only{margin-right:3px;}',
  '@keyframes k{0%{left:-35%;right:100%;}100%{left:100%;right:-90%;}}',
  '@supports (display:grid){.h{margin-left:2px;}}',
  '@font-face{font-family:x;src:url(left.woff);}',
  '.i{&:hover{border-left:1px solid red;}& .j{inset:0 auto auto 0;left:calc(100% - 8px);}}',
].map((styles, i) => ({ selector: '', serialized: { name: `corner${i}`, styles, next: undefined } }));

describe('the right-to-left flip', () => {
  const corpus = [
    ...stylesOf(DEFAULT_SETTINGS, <Gallery />),
    ...stylesOf({ ...DEFAULT_SETTINGS, outlinedFilled: false, mode: 'dark' }, <Gallery />),
    ...CORNERS,
  ];

  it('is read from a corpus that has something to flip', () => {
    expect(corpus.length).toBeGreaterThan(300);
    const flipped = corpus.filter((input) => rulesOf(PLUGIN, input).join('') !== rulesOf(LTR, input).join(''));
    expect(flipped.length).toBeGreaterThan(100);
  });

  it('makes every rule as stylis-plugin-rtl makes it, in the same order', () => {
    const differing = corpus
      .map((input) => ({ input, plugin: rulesOf(PLUGIN, input), flip: rulesOf(FLIP, input) }))
      .filter((r) => r.plugin.join('\n') !== r.flip.join('\n'));
    expect(differing.map((r) => ({ styles: r.input.serialized.styles, plugin: r.plugin, flip: r.flip }))).toEqual([]);
  });

  it('flips the declarations of the rules the prefixer copies (::placeholder, :read-only)', () => {
    const [input] = CORNERS.filter((c) => c.serialized.styles.startsWith('.g'));
    const rules = rulesOf(FLIP, input!).join('');
    expect(rules).toContain('::placeholder{padding-right:4px;}');
    expect(rules).not.toContain('padding-left');
    expect(rules).toContain(':read-only{margin-left:3px;}');
  });
});
