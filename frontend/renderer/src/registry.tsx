import { lazy, Suspense, type ComponentType } from "react";
import type { NodeComponentProps } from "./context";
import { SkeletonLines, Alert, Skeleton } from "./components/feedback";
import { Checkbox, Button, DateInput, FileInput, Select, Slider, Switch, TextArea, TextInput } from "./components/inputs";
import { Table, List, Stat, KeyValue, Progress } from "./components/data";
import { Accordion, Card, Column, Divider, Grid, Row, Spacer, Tabs } from "./components/layout";
import { Image, Icon, Video } from "./components/media";
import { Badge, Code, Heading, Markdown, Text } from "./components/text";

/** recharts lives in its own chunk, fetched the first time a screen shows a chart. */
const LazyChart = lazy(() => import("./charts"));

function Chart(props: NodeComponentProps) {
  return (
    <Suspense fallback={<SkeletonLines root={props.root} lines={4} label="Loading chart" />}>
      <LazyChart {...props} />
    </Suspense>
  );
}

/** Component type → React component: one entry per catalogue component. */
export const REGISTRY: Readonly<Record<string, ComponentType<NodeComponentProps>>> = {
  // layout
  column: Column,
  row: Row,
  grid: Grid,
  card: Card,
  tabs: Tabs,
  accordion: Accordion,
  divider: Divider,
  spacer: Spacer,
  // text
  heading: Heading,
  text: Text,
  markdown: Markdown,
  badge: Badge,
  code: Code,
  // inputs
  textInput: TextInput,
  textArea: TextArea,
  button: Button,
  select: Select,
  checkbox: Checkbox,
  switch: Switch,
  slider: Slider,
  date: DateInput,
  fileInput: FileInput,
  // data
  table: Table,
  list: List,
  stat: Stat,
  keyValue: KeyValue,
  progress: Progress,
  // charts
  barChart: Chart,
  lineChart: Chart,
  areaChart: Chart,
  pieChart: Chart,
  // media
  image: Image,
  icon: Icon,
  video: Video,
  // feedback
  alert: Alert,
  skeleton: Skeleton,
};

export const rendererFor = (type: string): ComponentType<NodeComponentProps> | undefined =>
  Object.prototype.hasOwnProperty.call(REGISTRY, type) ? REGISTRY[type] : undefined;
