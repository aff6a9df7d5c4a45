import { CATALOGUE, dslName } from "../catalogue";

/**
 * The UI code DSL, as JavaScript that runs inside the sandbox before the model's code. Every catalogue component is
 * a function; arguments are read by what they are, in any order, so a model cannot get them "wrong":
 *   - an array holding components (strings and numbers in it become text) → children;
 *   - a plain object → props (`name`, `package`, `animation`, `style`, `onPress`, `onChangeText`, `onLongPress` are
 *     lifted to the component itself) — except for components whose value is an object (keyValue): the first one is
 *     the value;
 *   - anything else (string, number, boolean, array of data) → value.
 * Components created at the top level (not used as anyone's child) form the screen, in order; `screen(name, props,
 * children?)` names the screen and sets its props and lifecycle hooks. Names are generated (`button_2`) when absent
 * and made unique. Example:
 *   screen("Checkout")
 *   heading("Your cart")
 *   card("Order", [text("2 items"), row([button("Pay", {onPress: "pay"}), button("Cancel", {variant: "ghost"})])])
 */
export const DSL_EXAMPLE = `screen("Checkout")
heading("Your cart")
card("Order", [
  text("2 items"),
  row([button("Pay", {onPress: "pay"}), button("Cancel", {variant: "ghost"})]),
])`;

const spec = Object.fromEntries(CATALOGUE.map((e) => [e.type, { v: e.value, c: e.container, f: dslName(e.type) }]));

export const PRELUDE = `(function (g) {
"use strict";
var SPEC = ${JSON.stringify(spec)};
var LIFTED = ["name", "package", "animation", "style", "onPress", "onChangeText", "onLongPress", "value"];
var HOOKS = ["onStart", "onResume", "onPause", "onEnd"];
var SCREEN_PROPS = ["title", "theme", "padding", "gap", "maxWidth", "background"];
var S;
function reset() { S = { nodes: [], counters: {}, names: {}, screen: null, mark: -1, usedLog: [], savedScreen: null }; }
// Marks a node as someone's child; while a stream's tail runs (mark >= 0), remembers nodes adopted from before it.
function use(node) {
  if (!node.__used && S.mark >= 0 && node.__seq < S.mark) S.usedLog.push(node);
  node.__used = 1;
}
reset();
function isNode(x) { return x !== null && typeof x === "object" && x.__gu === 1; }
function isPlain(x) { return x !== null && typeof x === "object" && !Array.isArray(x) && !isNode(x); }
function toChild(x) {
  if (isNode(x)) return x;
  if (typeof x === "string" || typeof x === "number") return make("text", [String(x)]);
  return null;
}
function make(type, args, custom) {
  var spec = custom ? { v: "none", c: false } : SPEC[type];
  var node = { __gu: 1, component: type, __seq: S.nodes.length };
  if (custom) node.package = "app";
  var value, props, content, hasValue = false;
  for (var i = 0; i < args.length; i++) {
    var a = args[i];
    if (a === undefined) continue;
    if (isNode(a)) { (content = content || []).push(a); continue; }
    if (Array.isArray(a)) {
      var hasNode = false;
      for (var j = 0; j < a.length; j++) if (isNode(a[j])) { hasNode = true; break; }
      if (hasNode || (a.length === 0 && spec.c && hasValue)) {
        content = content || [];
        for (var k = 0; k < a.length; k++) { var c = toChild(a[k]); if (c) content.push(c); }
        continue;
      }
      if (!hasValue) { value = a; hasValue = true; }
      continue;
    }
    if (isPlain(a)) {
      if (spec.v === "object" && !hasValue) { value = a; hasValue = true; continue; }
      props = props || {};
      for (var key in a) props[key] = a[key];
      continue;
    }
    if (!hasValue) { value = a; hasValue = true; }
  }
  if (props) {
    for (var l = 0; l < LIFTED.length; l++) {
      var p = LIFTED[l];
      if (Object.prototype.hasOwnProperty.call(props, p)) {
        if (p === "value") { if (!hasValue) { value = props.value; hasValue = true; } }
        else node[p] = props[p];
        delete props[p];
      }
    }
    if (props.children && !content && Array.isArray(props.children)) {
      content = [];
      for (var m = 0; m < props.children.length; m++) { var cc = toChild(props.children[m]); if (cc) content.push(cc); }
      delete props.children;
    }
    if (node.style !== undefined) { props.style = node.style; delete node.style; }
  }
  if (hasValue) node.value = value;
  if (props && Object.keys(props).length) node.props = props;
  if (content) { node.content = content; for (var n = 0; n < content.length; n++) use(content[n]); }
  S.nodes.push(node);
  return node;
}
// Names are computed afresh for every result (explicit names kept, the rest numbered per type in order).
function nameAll(list) {
  for (var i = 0; i < list.length; i++) {
    var node = list[i];
    var base = typeof node.name === "string" && /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(node.name) ? node.name : null;
    if (!base || S.names[base]) {
      var t = node.component;
      do { S.counters[t] = (S.counters[t] || 0) + 1; base = t + "_" + S.counters[t]; } while (S.names[base]);
    }
    S.names[base] = 1;
    node.__n = base;
    if (node.content) nameAll(node.content);
  }
}
function plain(node) {
  var out = { name: node.__n, component: node.component };
  var keys = ["package", "value", "props", "animation", "onPress", "onChangeText", "onLongPress"];
  for (var i = 0; i < keys.length; i++) if (node[keys[i]] !== undefined) out[keys[i]] = node[keys[i]];
  if (node.content) { out.content = []; for (var j = 0; j < node.content.length; j++) out.content.push(plain(node.content[j])); }
  return out;
}
function define(name, fn) { Object.defineProperty(g, name, { value: fn, writable: false, configurable: false, enumerable: false }); }
Object.keys(SPEC).forEach(function (type) {
  define(SPEC[type].f, function () { return make(type, Array.prototype.slice.call(arguments)); });
});
// An app's own component: custom("ProductCard", {props…}) — props only (name, onPress… lifted as for any component).
define("custom", function (type) {
  var t = typeof type === "string" && /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(type) ? type : "Unknown";
  return make(t, Array.prototype.slice.call(arguments, 1), true);
});
define("screen", function () {
  var sc = { name: "Screen", props: {}, hooks: {}, children: null };
  for (var i = 0; i < arguments.length; i++) {
    var a = arguments[i];
    if (typeof a === "string") sc.name = a;
    else if (Array.isArray(a)) { sc.children = []; for (var j = 0; j < a.length; j++) { var c = toChild(a[j]); if (c) { use(c); sc.children.push(c); } } }
    else if (isPlain(a)) for (var k in a) {
      if (HOOKS.indexOf(k) >= 0) sc.hooks[k] = a[k];
      else if (k === "style") sc.style = a[k];
      else if (k === "name" && typeof a[k] === "string") sc.name = a[k];
      else sc.props[k] = a[k];
    }
  }
  S.screen = sc;
});
// Math.random from a seed the host gives each evaluation (xoshiro128**): a one-shot sandbox starts every evaluation
// from the same memory image, which would otherwise repeat QuickJS's own sequence.
var R = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x7f4a7c15];
function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }
Object.defineProperty(Math, "random", { writable: true, configurable: true, enumerable: false, value: function random() {
  var r = Math.imul(rotl(Math.imul(R[1], 5), 7), 9) >>> 0, t = R[1] << 9;
  R[2] ^= R[0]; R[3] ^= R[1]; R[1] ^= R[2]; R[0] ^= R[3]; R[2] ^= t; R[3] = rotl(R[3], 11);
  return r / 4294967296;
} });
define("__reset", function (a, b, c, d) {
  if (typeof a === "number") { R = [a >>> 0, b >>> 0, c >>> 0, d >>> 0]; if (!(R[0] | R[1] | R[2] | R[3])) R[0] = 1; }
  reset();
});
// A stream's tail runs between __mark and __rollback: what it creates or adopts is undone after its result is taken.
define("__mark", function () { S.mark = S.nodes.length; S.usedLog = []; S.savedScreen = S.screen; });
define("__rollback", function () {
  S.nodes.length = S.mark;
  for (var i = 0; i < S.usedLog.length; i++) S.usedLog[i].__used = 0;
  S.screen = S.savedScreen;
  S.mark = -1;
  S.usedLog = [];
});
define("__result", function () {
  var sc = S.screen;
  var roots = [];
  S.names = {};
  S.counters = {};
  if (sc && sc.children) roots = sc.children.slice();
  for (var i = 0; i < S.nodes.length; i++) if (!S.nodes[i].__used) roots.push(S.nodes[i]);
  nameAll(roots);
  var out = { name: sc ? sc.name : "Screen", screen: { v1: roots.map(plain) } };
  if (sc) {
    var screenProps = {};
    var any = false;
    for (var key in sc.props) if (SCREEN_PROPS.indexOf(key) >= 0) { screenProps[key] = sc.props[key]; any = true; }
    if (any || sc.style) { out.props = {}; if (any) out.props.screenProps = screenProps; if (sc.style) out.props.style = sc.style; }
    for (var h in sc.hooks) out[h] = sc.hooks[h];
  }
  return JSON.stringify(out);
});
})(globalThis);
`;
