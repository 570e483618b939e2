# Reads scripts/flavors.tsv for bash (sourced by install-deps.sh and test-all.sh).
#   flavor_rows           the table's rows, comments and blank lines left out, fields one space apart
#   flavor_labels [COL=VALUE...]  the labels, in the table's order, of the rows whose columns match
#   flavor_field LABEL COL         one field of one row
flavors_tsv="$(dirname "${BASH_SOURCE[0]}")/flavors.tsv"
flavor_columns=(label install basedir flavor version suite whatif pagetrace seconds)
flavor_rows() { grep -v '^[[:space:]]*\(#\|$\)' "$flavors_tsv" | tr -s ' \t' ' '; }
flavor_col() { # name: its 1-based column number
  local i; for i in "${!flavor_columns[@]}"; do [ "${flavor_columns[$i]}" = "$1" ] && { echo $((i + 1)); return; }; done
  echo "flavors.sh: no column $1" >&2; return 1
}
flavor_labels() {
  local cond="1" kv col
  for kv in "$@"; do col=$(flavor_col "${kv%%=*}") || return 1; cond="$cond && \$$col == \"${kv#*=}\""; done
  flavor_rows | awk "$cond { print \$1 }"
}
flavor_field() {
  local col; col=$(flavor_col "$2") || return 1
  flavor_rows | awk -v l="$1" -v c="$col" '$1 == l { print $c }'
}
