# A dependency file as the compiler writes it, naming one header that no Debian package owns and
# that is not on the allow-list: scripts/dep-audit must refuse it.
fixture.cpp.o: fixture.cpp \
 /opt/halfpipe-fixture/include/unowned.h /usr/include/stdio.h
