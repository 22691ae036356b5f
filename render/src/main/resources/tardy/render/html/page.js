(function () {
  'use strict';
  function key(cell) {
    var v = cell.getAttribute('data-v');
    return v === null ? cell.textContent.trim().toLowerCase() : Number(v);
  }
  function sortBy(table, index, th) {
    var numeric = th.getAttribute('data-type') === 'num';
    var descending = th.getAttribute('aria-sort') === 'descending' ? false
        : th.getAttribute('aria-sort') === 'ascending' ? true : numeric;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[index]), y = key(b.cells[index]);
      var c = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) {
      h.removeAttribute('aria-sort');
    });
    th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  }
  function filter(text) {
    var q = text.trim().toLowerCase();
    document.querySelectorAll('[data-key]').forEach(function (e) {
      e.hidden = q !== '' && e.getAttribute('data-key').toLowerCase().indexOf(q) < 0;
    });
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.tabIndex = 0;
      th.addEventListener('click', function () { sortBy(table, i, th); });
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(table, i, th); }
      });
    });
  });
  var box = document.getElementById('filter');
  if (box) {
    box.hidden = false;
    box.addEventListener('input', function () { filter(box.value); });
  }
  var wanted = /(?:^#|&)sort=([^&]*)/.exec(location.hash);
  if (wanted) {
    var th = document.querySelector('table.sortable th[data-col="' + decodeURIComponent(wanted[1]) + '"]');
    if (th) { th.click(); }
  }
  var q = /(?:^#|&)filter=([^&]*)/.exec(location.hash);
  if (q && box) { box.value = decodeURIComponent(q[1]); filter(box.value); }
})();
