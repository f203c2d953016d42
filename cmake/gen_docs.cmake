# Writes the man pages and shell completions the binary generates from its
# own tables: MAN_DIR/nsysql.1, MAN_DIR/nsysql-COMMAND.1 for every command,
# COMP_DIR/nsysql.bash and COMP_DIR/_nsysql. Run at build time with
#   cmake -DNSYSQL=path -DMAN_DIR=dir -DCOMP_DIR=dir -P gen_docs.cmake
file(MAKE_DIRECTORY ${MAN_DIR} ${COMP_DIR})
file(GLOB old ${MAN_DIR}/*.1)
if(old)
  file(REMOVE ${old})
endif()
execute_process(COMMAND ${NSYSQL} --list-cmds OUTPUT_VARIABLE cmds RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nsysql --list-cmds failed")
endif()
execute_process(COMMAND ${NSYSQL} help --man OUTPUT_FILE ${MAN_DIR}/nsysql.1 RESULT_VARIABLE rc)
# summaries may hold ';', CMake's list separator: only the names matter
string(REPLACE ";" "," cmds "${cmds}")
string(REPLACE "\n" ";" lines "${cmds}")
foreach(line ${lines})
  if(line)
    string(REGEX REPLACE "\t.*" "" name "${line}")
    execute_process(COMMAND ${NSYSQL} help --man ${name} OUTPUT_FILE ${MAN_DIR}/nsysql-${name}.1
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "nsysql help --man ${name} failed")
    endif()
  endif()
endforeach()
execute_process(COMMAND ${NSYSQL} help --completion bash OUTPUT_FILE ${COMP_DIR}/nsysql.bash)
execute_process(COMMAND ${NSYSQL} help --completion zsh OUTPUT_FILE ${COMP_DIR}/_nsysql)
