def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


!def sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


`def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


`def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Jdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


Wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


`def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


`def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


;def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Jdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


4def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


Fdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Xdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


*def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


Vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Vdef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


+def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


\def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Bdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


Vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


5def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


8def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


Vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


5def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


8def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


7def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Jdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


4def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


5def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


7def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


8def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Bdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Gdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


Adef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


9def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


9def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


<def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Bdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Gdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


Adef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


5def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


<def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


Bdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Fdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Xdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Fdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Xdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


Udef sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


7def sdk_python():
    return nsq.py_venv("mcp")


7def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


#def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


\def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


\def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


Vdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


*def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Adef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Fdef sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


*def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Adef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Fdef sdk_python():
    return nsq.py_venv("mcp")


Rdef sdk_python():
    return nsq.py_venv("mcp")


Odef sdk_python():
    return nsq.py_venv("mcp")


Mdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


kdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


2def sdk_python():
    return nsq.py_venv("mcp")


5def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


6def sdk_python():
    return nsq.py_venv("mcp")


-def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


8def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


wdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


/def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


zdef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


Ndef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ydef sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Qdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


*def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


pdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


Tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


vdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


3def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


xdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


hdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


Cdef sdk_python():
    return nsq.py_venv("mcp")


Ldef sdk_python():
    return nsq.py_venv("mcp")


Idef sdk_python():
    return nsq.py_venv("mcp")


'def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


bdef sdk_python():
    return nsq.py_venv("mcp")


ydef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


jdef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


qdef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


gdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


[def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


]def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


ldef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


udef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


tdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


0def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


1def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")


,def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


Sdef sdk_python():
    return nsq.py_venv("mcp")


Ddef sdk_python():
    return nsq.py_venv("mcp")


Kdef sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


{def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


}def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


sdef sdk_python():
    return nsq.py_venv("mcp")


Edef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


rdef sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


cdef sdk_python():
    return nsq.py_venv("mcp")


.def sdk_python():
    return nsq.py_venv("mcp")


ddef sdk_python():
    return nsq.py_venv("mcp")


odef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


fdef sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


edef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


=def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


_def sdk_python():
    return nsq.py_venv("mcp")


"def sdk_python():
    return nsq.py_venv("mcp")


:def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


 def sdk_python():
    return nsq.py_venv("mcp")


mdef sdk_python():
    return nsq.py_venv("mcp")


adef sdk_python():
    return nsq.py_venv("mcp")


idef sdk_python():
    return nsq.py_venv("mcp")


ndef sdk_python():
    return nsq.py_venv("mcp")


(def sdk_python():
    return nsq.py_venv("mcp")


)def sdk_python():
    return nsq.py_venv("mcp")



def sdk_python():
    return nsq.py_venv("mcp")


