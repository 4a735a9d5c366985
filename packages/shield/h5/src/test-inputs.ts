/**
 * A builder of test inputs: a small multi-file web app whose behaviour depends
 * on globals shared across files and inline handlers (the hard case for
 * renaming), with an ES module, a JSON data block, a source map and a second
 * page. Used by the tests, the browser test and the benchmark.
 */
import { zipSync } from 'fflate';

/** built in pieces so that tools reading this file (vite) do not look for the map themselves */
const SOURCE_MAP_COMMENT = ['//', '# sourceMappingURL=util.js.map'].join('');

export const TEST_APP_INTERACTIONS = ['click #add', 'fill #name Ann', 'click #greet', 'click #greet'];

export function testAppFiles(): Record<string, string> {
  return {
    'index.html': `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Shop</title>
  <link rel="stylesheet" href="css/app.css">
  <script src="js/util.js"></script>
  <script src="js/app.js"></script>
</head>
<body>
  <!-- the cart -->
  <h1 id="title">Cart</h1>
  <ul id="items"></ul>
  <p>Total: <span id="total">0</span> <em>units</em></p>
  <input id="name" value="">
  <button id="add" onclick="addItem('apple', 3)">Add apple</button>
  <button id="greet" onclick="greet()">Greet</button>
  <p id="greeting"></p>
  <a id="reset" href="javascript:resetCart()">Reset</a>
  <script>
    var inlineCounter = 0;
    function greet() {
      inlineCounter++;
      document.getElementById('greeting').textContent = formatGreeting(document.getElementById('name').value || 'guest', inlineCounter);
    }
    document.addEventListener('DOMContentLoaded', function () {
      render();
      console.log('ready ' + cart.length + ' ' + JSON.parse(document.getElementById('cfg').textContent).currency);
    });
  </script>
  <script type="module">
    import { badge } from './js/badge.mjs';
    const footer = document.createElement('footer');
    footer.textContent = badge('secure shop');
    document.body.appendChild(footer);
  </script>
  <script type="application/json" id="cfg">{"currency": "EUR"}</script>
</body>
</html>
`,
    'about.html': `<!doctype html><html><head><meta charset="utf-8"><title>About</title><script src="js/util.js"></script></head>
<body><p>About this shop</p><div id="out"></div>
<script>document.getElementById('out').textContent = formatGreeting('visitor', 7) + ' / ' + sum([{ price: 2 }, { price: 5 }]);</script></body></html>
`,
    'js/util.js': `'use strict';
function formatGreeting(name, n) {
  var secretSalutation = 'Hello, ';
  return secretSalutation + name + ' #' + n;
}
function sum(list) {
  return list.reduce(function (total, item) { return total + item.price; }, 0);
}
${SOURCE_MAP_COMMENT}
`,
    'js/util.js.map': '{"version":3,"sources":["util.src.js"],"names":[],"mappings":"AAAA"}',
    'js/app.js': `var cart = [];
var PRICE_TABLE = { apple: 3, pear: 4 };
function addItem(name, qty) {
  for (var i = 0; i < qty; i++) cart.push({ name: name, price: PRICE_TABLE[name] });
  render();
}
function resetCart() { cart = []; render(); }
function render() {
  var list = document.getElementById('items');
  list.innerHTML = '';
  cart.forEach(function (c, index) {
    var li = document.createElement('li');
    li.textContent = (index + 1) + '. ' + c.name + ' ' + c.price;
    list.appendChild(li);
  });
  document.getElementById('total').textContent = String(sum(cart));
}
`,
    'js/badge.mjs': `export function badge(text) {
  const upper = text.toUpperCase();
  return '[' + upper + ']';
}
`,
    'css/app.css': `/* styles */
body { font-family: sans-serif; }
#total { font-weight: bold; }
`,
  };
}

export function buildTestApp(): Buffer {
  const files = testAppFiles();
  const entries: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(files)) entries[k] = Buffer.from(v, 'utf8');
  return Buffer.from(zipSync(entries));
}
