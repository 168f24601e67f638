# Bash completion for halfpipe: commands, then the options of the command given. Both are read
# from halfpipe's own --help when TAB is pressed, so they are always this binary's.
# Installed as share/bash-completion/completions/halfpipe; to try it without installing:
#   source sim/shell/halfpipe.bash
_halfpipe() {
  local cur=${COMP_WORDS[COMP_CWORD]} halfpipe=${COMP_WORDS[0]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    # The commands are the indented first words of the "Commands:" list.
    local commands
    commands=$("$halfpipe" --help 2>/dev/null | awk '/^Commands:/ { listing = 1; next } listing && /^  [a-z]/ { print $1 }')
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
    return
  fi
  if [[ $cur == -* ]]; then
    local options
    options=$("$halfpipe" "${COMP_WORDS[1]}" --help 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  # Anything else is a form, a file or a value: file names are the useful default.
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _halfpipe halfpipe
