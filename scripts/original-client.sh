#!/usr/bin/env bash
# Builds the original product's web client (React/Vite) against this app and serves it on one origin with a proxy
# that forwards /api to `npm run dev`, so the client's calls reach our REST API (SPEC §7, ADR 0036).
#   scripts/original-client.sh /path/to/original-client
# PORT: where `npm run dev` runs (5173); CLIENT_PORT: where the client is served (4173);
# ORIGINAL_CLIENT_WORK: the copy it builds in (/tmp/original-client-build). The source itself is never changed.
set -euo pipefail
SOURCE="${1:?usage: scripts/original-client.sh /path/to/original-client}"
PORT="${PORT:-5173}"
CLIENT_PORT="${CLIENT_PORT:-4173}"
WORK="${ORIGINAL_CLIENT_WORK:-/tmp/original-client-build}"

mkdir -p "$WORK"
# Copy the source without its dependencies, keeping any earlier install.
(cd "$SOURCE" && tar --exclude=./node_modules --exclude=./dist -cf - .) | (cd "$WORK" && tar -xf -)
cd "$WORK"
[ -d node_modules ] || npm install --no-audit --no-fund --ignore-scripts

# The client calls `${VITE_SERVER_URL}/api/...` (src/constants/endpoints.js, src/api/axios.js, the *Interceptor.js
# files): the origin it is served from, whose proxy forwards /api to the app.
cat > mentorlink-preview.config.mjs <<CONFIG
export default {
  preview: { port: ${CLIENT_PORT}, strictPort: true, proxy: { "/api": { target: "http://localhost:${PORT}", changeOrigin: true } } },
};
CONFIG

# The unpacked source lacks every file whose path holds a space ("Table Layout/", "Logout Component/", ...): each one
# vite cannot resolve gets a stand-in (a plain table for the moderator tables, a Logout button, else nothing).
for _ in $(seq 1 30); do
  if VITE_SERVER_URL="http://localhost:${CLIENT_PORT}" npx vite build > build.log 2>&1; then break; fi
  line="$(grep -m1 'Could not resolve' build.log)" || { tail -20 build.log; exit 1; }
  target="$(sed -E 's/.*Could not resolve "([^"]*)" from "([^"]*)".*/\1/' <<< "$line")"
  from="$(sed -E 's/.*Could not resolve "([^"]*)" from "([^"]*)".*/\2/' <<< "$line")"
  stub="$(dirname "$from")/${target}.jsx"
  mkdir -p "$(dirname "$stub")"
  case "$target" in
    *Logout*) body='export default function LogoutComponent() { return <button onClick={() => { localStorage.clear(); window.location.href = "/"; }}>Logout</button>; }' ;;
    *ConfirmModal*) body='export default function ConfirmModal({ modalState, modalStateControlFunction, onConfirmExcecutableFunction, message }) { return modalState ? <div role="dialog"><p>{message}</p><button onClick={() => onConfirmExcecutableFunction()}>Confirm</button><button onClick={() => modalStateControlFunction(false)}>Cancel</button></div> : null; }' ;;
    *"Table Layout"*) body='import { useTable } from "react-table";
export default function Table({ columns, data }) {
  const t = useTable({ columns, data: data || [] });
  return <table {...t.getTableProps()}><thead>{t.headerGroups.map((g) => <tr {...g.getHeaderGroupProps()}>{g.headers.map((c) => <th {...c.getHeaderProps()}>{c.render("Header")}</th>)}</tr>)}</thead>
    <tbody {...t.getTableBodyProps()}>{t.rows.map((row) => { t.prepareRow(row); return <tr {...row.getRowProps()}>{row.cells.map((cell) => <td {...cell.getCellProps()}>{cell.render("Cell")}</td>)}</tr>; })}</tbody></table>;
}' ;;
    *) body='export default function Missing() { return null; }' ;;
  esac
  printf '// A stand-in: missing from the unpacked source.\n%s\n' "$body" > "$stub"
  echo "stand-in: $stub"
done
echo "The original client: http://localhost:${CLIENT_PORT} (its /api goes to http://localhost:${PORT})"
exec npx vite preview --config mentorlink-preview.config.mjs
